import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/dto/page-query.dto';
import { IdPipe } from '../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { CreateGroupDto } from './dto/create-group.dto';
import { GroupDto, GroupListDto } from './dto/group.dto';
import { UpdateGroupDto } from './dto/update-group.dto';
import { GROUP_ID_PARAM, GROUP_NOT_FOUND, MANAGERS_ONLY, NAME_TAKEN } from './group-api-params';
import { GroupsService } from './groups.service';

@ApiTags('groups')
@BearerAuth()
@Controller('groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createGroup',
    summary: 'Make a group',
    description:
      'A named set of users that documents and folders can be shared with. You are its first manager: managers rename it, delete it and add or remove its members.',
  })
  @ApiCreatedResponse({ description: 'The group.', type: GroupDto })
  @ApiErrorResponses({ 400: 'name must not be empty' }, NAME_TAKEN, 413, 415)
  create(@CurrentUser() user: UserProfile, @Body() body: CreateGroupDto): Promise<GroupDto> {
    return this.groups.create(user, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listGroups',
    summary: 'List your groups',
    description:
      'The groups you are a manager or a member of, by name (ignoring letter case, in code-point order), a page at a time.',
  })
  @ApiOkResponse({ description: 'One page of your groups.', type: GroupListDto })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' })
  list(@CurrentUser() user: UserProfile, @Query() query: PageQueryDto): Promise<GroupListDto> {
    return this.groups.list(user, query.page, query.per_page);
  }

  @Get(':id')
  @GROUP_ID_PARAM
  @ApiOperation({
    operationId: 'getGroup',
    summary: 'Get one of your groups',
    description: 'For its managers and members; to anyone else it does not exist (`404`).',
  })
  @ApiOkResponse({ description: 'The group.', type: GroupDto })
  @ApiErrorResponses({ 400: 'id must be a positive integer' }, GROUP_NOT_FOUND)
  get(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
  ): Promise<GroupDto> {
    return this.groups.get(user, id);
  }

  @Patch(':id')
  @GROUP_ID_PARAM
  @ApiOperation({
    operationId: 'updateGroup',
    summary: 'Rename a group or change its description',
    description: 'For its managers. `description: null` removes the description.',
  })
  @ApiOkResponse({ description: 'The group as it is now.', type: GroupDto })
  @ApiErrorResponses(
    { 400: 'at least one of name or description must be given' },
    MANAGERS_ONLY,
    GROUP_NOT_FOUND,
    NAME_TAKEN,
    413,
    415,
  )
  update(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
    @Body() body: UpdateGroupDto,
  ): Promise<GroupDto> {
    return this.groups.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @GROUP_ID_PARAM
  @ApiOperation({
    operationId: 'deleteGroup',
    summary: 'Delete a group',
    description:
      'For its managers. Its members lose what was shared with the group at once; the group’s shares go with it.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses({ 400: 'id must be a positive integer' }, MANAGERS_ONLY, GROUP_NOT_FOUND)
  delete(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
  ): Promise<void> {
    return this.groups.delete(user, id);
  }
}
