import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { UsersModule } from '../users/users.module';
import { GroupMember } from './entities/group-member.entity';
import { Group } from './entities/group.entity';
import { GroupMembersController } from './group-members.controller';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

/** Groups of users and their managers; documents and folders are shared with them. */
@Module({
  imports: [TypeOrmModule.forFeature([Group, GroupMember]), UsersModule, EventsModule],
  controllers: [GroupsController, GroupMembersController],
  providers: [GroupsService, GroupsRepository],
  exports: [GroupsService],
})
export class GroupsModule {}
