import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { DocumentsModule } from '../documents/documents.module';
import { DocRevision } from './entities/doc-revision.entity';
import { revisionsConfig } from './revisions.config';
import { RevisionsController } from './revisions.controller';
import { RevisionsRepository } from './revisions.repository';
import { RevisionsService } from './revisions.service';

/**
 * A document's earlier versions (kept by a trigger on each update): list, read, restore. The
 * purge job prunes those beyond `REVISIONS_KEEP` through `RevisionsRepository`.
 */
@Module({
  imports: [
    ConfigModule.forFeature(revisionsConfig),
    TypeOrmModule.forFeature([DocRevision]),
    AccessModule,
    DocumentsModule,
  ],
  controllers: [RevisionsController],
  providers: [RevisionsService, RevisionsRepository],
  exports: [RevisionsRepository],
})
export class RevisionsModule {}
