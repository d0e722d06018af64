import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { GroupMember } from './entities/group-member.entity';
import { Group } from './entities/group.entity';
import { GroupChanges } from './group-changes';
import { GroupMembersController } from './group-members.controller';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

/** Groups of users and their managers; documents and folders are shared with them. */
@Module({
  imports: [TypeOrmModule.forFeature([Group, GroupMember]), UsersModule],
  controllers: [GroupsController, GroupMembersController],
  providers: [GroupsService, GroupsRepository, GroupChanges],
  exports: [GroupsService, GroupChanges],
})
export class GroupsModule {}
