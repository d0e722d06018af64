import { Module } from '@nestjs/common';
import { FoldersModule } from '../folders/folders.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { UsersModule } from '../users/users.module';
import { DocUsersController } from './doc-users.controller';
import { DocUsersRepository } from './doc-users.repository';
import { DocUsersService } from './doc-users.service';
import { DocsController } from './docs.controller';
import { DocsRepository } from './docs.repository';
import { DocsService } from './docs.service';
import { HtmlSanitizer } from './html-sanitizer';
import { MemberChanges } from './member-changes';
import { PurgeJob } from './purge-job';
import { RevisionsController } from './revisions.controller';
import { RevisionsRepository } from './revisions.repository';
import { RevisionsService } from './revisions.service';
import { TrashController } from './trash.controller';
import { TrashRepository } from './trash.repository';
import { TrashService } from './trash.service';

@Module({
  imports: [FoldersModule, UsersModule, IdempotencyModule],
  controllers: [DocsController, DocUsersController, RevisionsController, TrashController],
  providers: [
    DocsService,
    DocsRepository,
    DocUsersService,
    DocUsersRepository,
    RevisionsService,
    RevisionsRepository,
    TrashService,
    TrashRepository,
    PurgeJob,
    HtmlSanitizer,
    MemberChanges,
  ],
  exports: [PurgeJob, MemberChanges],
})
export class DocsModule {}
