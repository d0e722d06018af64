import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
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
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IdPipe } from '../../common/pipes/id.pipe';
import { UuidPipe } from '../../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../../common/swagger/api-responses.decorator';
import { UserProfile } from '../../users/user-profile';
import { UUID_PARAM } from '../documents/doc-api-params';
import { DocGroupsService } from './doc-groups.service';
import { AddDocGroupDto } from './dto/add-doc-group.dto';
import { DocGroupDto } from './dto/doc-group.dto';

@ApiTags('docs')
@BearerAuth()
@Controller('docs/:uuid/groups')
export class DocGroupsController {
  constructor(private readonly docGroups: DocGroupsService) {}

  @Post()
  @UUID_PARAM
  @ApiOperation({
    operationId: 'shareDocWithGroup',
    summary: 'Share a document with a group',
    description:
      'The owner gives a group, by id, the role `editor` or `viewer` (the default): every member of the group, now and later, has the document in their list with that role at once (`201`). The owner need not be in the group. A group that has the document already gets the new role (`200`). A user who has the document several ways has the best role of them.',
  })
  @ApiCreatedResponse({ description: 'The group was given the document.', type: DocGroupDto })
  @ApiOkResponse({
    description: 'The group had the document; its role is now this.',
    type: DocGroupDto,
  })
  @ApiErrorResponses(
    { 400: 'role must be editor or viewer (a document has exactly one owner)' },
    { 403: 'only the owner may share or unshare this document; you are an editor' },
    { 404: 'group not found' },
    413,
    415,
  )
  async share(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Body() body: AddDocGroupDto,
    @Res() response: Response,
  ): Promise<void> {
    const { added, docGroup } = await this.docGroups.share(user, uuid, body);
    response.status(added ? HttpStatus.CREATED : HttpStatus.OK).json(docGroup);
  }

  @Get()
  @UUID_PARAM
  @ApiOperation({
    operationId: 'listDocGroups',
    summary: 'List the groups a document is shared with',
    description:
      'Each group the document itself is shared with and its role, by when it was shared; anyone who has the document may ask. (A document reached through a shared folder is not listed here.)',
  })
  @ApiOkResponse({ description: 'The groups.', type: [DocGroupDto] })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 404)
  list(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
  ): Promise<DocGroupDto[]> {
    return this.docGroups.list(user, uuid);
  }

  @Delete(':group_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @ApiParam({
    name: 'group_id',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 3 },
    description: 'The id of the group to take the document back from.',
  })
  @ApiOperation({
    operationId: 'unshareDocWithGroup',
    summary: 'Take a document back from a group',
    description:
      'The owner only. Members who had the document only through this group lose it at once.',
  })
  @ApiNoContentResponse({ description: 'Taken back.' })
  @ApiErrorResponses(
    { 400: 'group_id must be a positive integer' },
    { 403: 'only the owner may share or unshare this document; you are an editor' },
    { 404: 'the document is not shared with group 3' },
  )
  remove(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Param('group_id', new IdPipe('group_id')) groupId: number,
  ): Promise<void> {
    return this.docGroups.remove(user, uuid, groupId);
  }
}
