import { Module } from '@nestjs/common';
import { UsersModule } from '../../users/users.module';
import { DocumentsModule } from '../documents/documents.module';
import { DocEventsModule } from '../events/doc-events.module';
import { DocUsersController } from './doc-users.controller';
import { DocUsersRepository } from './doc-users.repository';
import { DocUsersService } from './doc-users.service';

/** A document's users: the owner shares it with a role, unshares it; a member may leave. */
@Module({
  imports: [DocumentsModule, UsersModule, DocEventsModule],
  controllers: [DocUsersController],
  providers: [DocUsersService, DocUsersRepository],
})
export class SharingModule {}
