import { Module } from '@nestjs/common';
import { GroupsModule } from '../../groups/groups.module';
import { UsersModule } from '../../users/users.module';
import { AccessModule } from '../access/access.module';
import { DocGroupsController } from './doc-groups.controller';
import { DocGroupsService } from './doc-groups.service';
import { DocUsersController } from './doc-users.controller';
import { DocUsersService } from './doc-users.service';
import { FolderSharesController } from './folder-shares.controller';
import { FolderSharesService } from './folder-shares.service';

/**
 * A document's users and groups: the owner shares it with a user or a group in a role, and
 * unshares it; a member may leave. And folder shares: everything in a folder, with a user or a
 * group. The rules and the tables are the access room's: sharing asks it.
 */
@Module({
  imports: [AccessModule, UsersModule, GroupsModule],
  controllers: [DocUsersController, DocGroupsController, FolderSharesController],
  providers: [DocUsersService, DocGroupsService, FolderSharesService],
})
export class SharingModule {}
