import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FoldersModule } from '../../folders/folders.module';
import { IdempotencyModule } from '../../idempotency/idempotency.module';
import { UsersModule } from '../../users/users.module';
import { DocsController } from './docs.controller';
import { DocsRepository } from './docs.repository';
import { DocsService } from './docs.service';
import { DocGrantCount } from './entities/doc-grant-count.entity';
import { DocGrant } from './entities/doc-grant.entity';
import { Doc } from './entities/doc.entity';
import { FolderShare } from './entities/folder-share.entity';
import { TrashedDocMember } from './entities/trashed-doc-member.entity';
import { TrashedDoc } from './entities/trashed-doc.entity';
import { UserDocCount } from './entities/user-doc-count.entity';
import { SearchPosting } from './entities/search-posting.entity';
import { SearchRarePosting } from './entities/search-rare-posting.entity';
import { SearchTerm } from './entities/search-term.entity';
import { UserDoc } from './entities/user-doc.entity';
import { HtmlSanitizer } from './html-sanitizer';
import { SearchPostingsRepository } from './search-postings.repository';

/**
 * The documents themselves: create, list, read, update, and delete to the trash; who may do
 * what (`doc-access.ts`) and the HTML policy. Sharing, revisions and the trash build on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Doc,
      DocGrant,
      DocGrantCount,
      FolderShare,
      UserDoc,
      UserDocCount,
      TrashedDoc,
      TrashedDocMember,
      SearchTerm,
      SearchPosting,
      SearchRarePosting,
    ]),
    FoldersModule,
    UsersModule,
    IdempotencyModule,
  ],
  controllers: [DocsController],
  providers: [DocsService, DocsRepository, HtmlSanitizer, SearchPostingsRepository],
  exports: [DocsService, DocsRepository, SearchPostingsRepository],
})
export class DocumentsModule {}
