import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/dto/page-query.dto';
import { IdPipe } from '../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { AddGroupMemberDto } from './dto/add-group-member.dto';
import { GroupMemberDto, GroupMemberListDto } from './dto/group-member.dto';
import { GROUP_ID_PARAM, GROUP_NOT_FOUND, MANAGERS_ONLY } from './group-api-params';
import { GroupsService } from './groups.service';

const LAST_MANAGER = {
  400: 'a group needs a manager: make another member a manager first, or delete the group',
};

@ApiTags('groups')
@BearerAuth()
@Controller('groups/:id/members')
export class GroupMembersController {
  constructor(private readonly groups: GroupsService) {}

  @Get()
  @GROUP_ID_PARAM
  @ApiOperation({
    operationId: 'listGroupMembers',
    summary: 'List a group’s members',
    description:
      'Managers first, then members, each by when they were added, a page at a time; for the group’s managers and members.',
  })
  @ApiOkResponse({ description: 'One page of the members.', type: GroupMemberListDto })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' }, GROUP_NOT_FOUND)
  list(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
    @Query() query: PageQueryDto,
  ): Promise<GroupMemberListDto> {
    return this.groups.members(user, id, query.page, query.per_page);
  }

  @Post()
  @GROUP_ID_PARAM
  @ApiOperation({
    operationId: 'addGroupMember',
    summary: 'Add a user to a group, or change their role',
    description:
      'A manager adds a user, named by e-mail, as `member` (the default) or `manager` (`201`); a user already in the group gets the role asked for (`200`). The user gains at once what is shared with the group. The last manager cannot be made a member (`400`).',
  })
  @ApiCreatedResponse({ description: 'The user was added.', type: GroupMemberDto })
  @ApiOkResponse({
    description: 'The user was in the group; their role is now this.',
    type: GroupMemberDto,
  })
  @ApiErrorResponses(
    LAST_MANAGER,
    MANAGERS_ONLY,
    { 404: 'no user with e-mail grace@example.com' },
    413,
    415,
  )
  async add(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
    @Body() body: AddGroupMemberDto,
    @Res() response: Response,
  ): Promise<void> {
    const { added, member } = await this.groups.addMember(user, id, body);
    response.status(added ? HttpStatus.CREATED : HttpStatus.OK).json(member);
  }

  @Delete(':user_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @GROUP_ID_PARAM
  @ApiParam({
    name: 'user_id',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 2 },
    description: 'The id of the user to remove (`user.id` in the members); your own to leave.',
  })
  @ApiOperation({
    operationId: 'removeGroupMember',
    summary: 'Remove a user from a group, or leave it',
    description:
      'A manager removes anyone; a member may remove themselves (leave). The user loses at once what they had only through the group. The last manager cannot go (`400`): make another member a manager first, or delete the group.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(LAST_MANAGER, MANAGERS_ONLY, {
    404: 'user 7 is not a member of this group',
  })
  remove(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
    @Param('user_id', new IdPipe('user_id')) userId: number,
  ): Promise<void> {
    return this.groups.removeMember(user, id, userId);
  }
}
