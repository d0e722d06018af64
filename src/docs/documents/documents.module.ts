import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FoldersModule } from '../../folders/folders.module';
import { IdempotencyModule } from '../../idempotency/idempotency.module';
import { UsersModule } from '../../users/users.module';
import { AccessModule } from '../access/access.module';
import { DocsController } from './docs.controller';
import { DocsRepository } from './docs.repository';
import { DocsService } from './docs.service';
import { Doc } from './entities/doc.entity';
import { TrashedDoc } from './entities/trashed-doc.entity';
import { SearchPosting } from './entities/search-posting.entity';
import { SearchRarePosting } from './entities/search-rare-posting.entity';
import { SearchTerm } from './entities/search-term.entity';
import { HtmlSanitizer } from './html-sanitizer';
import { SearchPostingsRepository } from './search-postings.repository';

/**
 * The documents themselves: create, list, read, update, and delete to the trash, and the HTML
 * policy; who may do what is the access room's (`../access`). Sharing, revisions and the trash
 * build on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Doc, TrashedDoc, SearchTerm, SearchPosting, SearchRarePosting]),
    AccessModule,
    FoldersModule,
    UsersModule,
    IdempotencyModule,
  ],
  controllers: [DocsController],
  providers: [DocsService, DocsRepository, HtmlSanitizer, SearchPostingsRepository],
  exports: [DocsService, DocsRepository, SearchPostingsRepository],
})
export class DocumentsModule {}
