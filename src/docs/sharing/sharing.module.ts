import { Module } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { GroupsModule } from '../../groups/groups.module';
import { UsersModule } from '../../users/users.module';
import { DocumentsModule } from '../documents/documents.module';
import { DocGroupsController } from './doc-groups.controller';
import { DocGroupsRepository } from './doc-groups.repository';
import { DocGroupsService } from './doc-groups.service';
import { DocUsersController } from './doc-users.controller';
import { DocUsersRepository } from './doc-users.repository';
import { DocUsersService } from './doc-users.service';
import { FolderSharesController } from './folder-shares.controller';
import { FolderSharesRepository } from './folder-shares.repository';
import { FolderSharesService } from './folder-shares.service';

/**
 * A document's users and groups: the owner shares it with a user or a group in a role, and
 * unshares it; a member may leave. And folder shares: everything in a folder, with a user or a
 * group.
 */
@Module({
  imports: [DocumentsModule, UsersModule, GroupsModule, EventsModule],
  controllers: [DocUsersController, DocGroupsController, FolderSharesController],
  providers: [
    DocUsersService,
    DocUsersRepository,
    DocGroupsService,
    DocGroupsRepository,
    FolderSharesService,
    FolderSharesRepository,
  ],
})
export class SharingModule {}
