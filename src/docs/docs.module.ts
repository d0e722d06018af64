import { Module } from '@nestjs/common';
import { DocumentsModule } from './documents/documents.module';
import { RevisionsModule } from './revisions/revisions.module';
import { SharingModule } from './sharing/sharing.module';
import { TrashModule } from './trash/trash.module';

/**
 * Documents and what builds on them. Each sub-module depends on `documents` (and the trash on
 * `revisions`, whose old versions its purge job prunes); none depends on this one.
 */
@Module({
  imports: [DocumentsModule, SharingModule, RevisionsModule, TrashModule],
  exports: [TrashModule],
})
export class DocsModule {}
