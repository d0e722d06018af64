import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AccessModule } from '../access/access.module';
import { DocumentsModule } from '../documents/documents.module';
import { revisionsConfig } from '../revisions/revisions.config';
import { RevisionsModule } from '../revisions/revisions.module';
import { PurgeJob } from './purge-job';
import { trashConfig } from './trash.config';
import { TrashController } from './trash.controller';
import { TrashRepository } from './trash.repository';
import { TrashService } from './trash.service';

/**
 * The owner's trash (what a delete moved there): list, restore, delete for good; and the purge
 * job, which deletes what has expired there and the versions beyond `REVISIONS_KEEP`.
 */
@Module({
  imports: [
    ConfigModule.forFeature(trashConfig),
    ConfigModule.forFeature(revisionsConfig),
    AccessModule,
    DocumentsModule,
    RevisionsModule,
  ],
  controllers: [TrashController],
  providers: [TrashService, TrashRepository, PurgeJob],
  exports: [PurgeJob],
})
export class TrashModule {}
