import { Module } from '@nestjs/common';
import { FoldersModule } from '../folders/folders.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { DocsController } from './docs.controller';
import { DocsRepository } from './docs.repository';
import { DocsService } from './docs.service';
import { HtmlSanitizer } from './html-sanitizer';

@Module({
  imports: [FoldersModule, IdempotencyModule],
  controllers: [DocsController],
  providers: [DocsService, DocsRepository, HtmlSanitizer],
})
export class DocsModule {}
