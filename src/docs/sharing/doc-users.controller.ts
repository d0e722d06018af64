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
import { DocUsersService } from './doc-users.service';
import { AddDocUserDto } from './dto/add-doc-user.dto';
import { DocUserDto } from './dto/doc-user.dto';

const UUID_PARAM = ApiParam({
  name: 'uuid',
  format: 'uuid',
  description: 'The document’s UUID.',
  example: '3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60',
});

@ApiTags('docs')
@BearerAuth()
@Controller('docs/:uuid/users')
export class DocUsersController {
  constructor(private readonly docUsers: DocUsersService) {}

  @Post()
  @UUID_PARAM
  @ApiOperation({
    operationId: 'shareDoc',
    summary: 'Share a document',
    description:
      'The owner gives a user, named by e-mail, the role `editor` (read and update) or `viewer` (read). A user who has the document already gets the new role (`200`); otherwise they are added (`201`) and the document is in their list at once.',
  })
  @ApiCreatedResponse({ description: 'The user was added.', type: DocUserDto })
  @ApiOkResponse({
    description: 'The user had the document; their role is now this.',
    type: DocUserDto,
  })
  @ApiErrorResponses(
    { 400: 'role must be editor or viewer (a document has exactly one owner)' },
    { 403: 'only the owner may share or unshare this document; you are an editor' },
    { 404: 'no user with e-mail grace@example.com' },
    413,
    415,
  )
  async share(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Body() body: AddDocUserDto,
    @Res() response: Response,
  ): Promise<void> {
    const { added, docUser } = await this.docUsers.share(user, uuid, body);
    response.status(added ? HttpStatus.CREATED : HttpStatus.OK).json(docUser);
  }

  @Get()
  @UUID_PARAM
  @ApiOperation({
    operationId: 'listDocUsers',
    summary: 'List a document’s users',
    description:
      'Everyone who has the document, with their role: the owner first, then the others by when they were added. Any user of the document may ask.',
  })
  @ApiOkResponse({ description: 'The document’s users.', type: [DocUserDto] })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 404)
  list(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
  ): Promise<DocUserDto[]> {
    return this.docUsers.list(user, uuid);
  }

  @Delete(':user_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @ApiParam({
    name: 'user_id',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 2 },
    description:
      'The id of the user to remove (`user.id` in the document’s users); your own to leave.',
  })
  @ApiOperation({
    operationId: 'unshareDoc',
    summary: 'Remove a user from a document, or leave it',
    description:
      'The owner removes any other user; an editor or viewer may remove themselves (leave). The document leaves that user’s list at once. The owner cannot be removed (`400`): delete the document instead.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(
    { 400: 'the owner cannot leave their document; delete it instead' },
    { 403: 'only the owner may share or unshare this document; you are a viewer' },
    { 404: 'user 7 is not a user of this document' },
  )
  remove(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Param('user_id', new IdPipe('user_id')) userId: number,
  ): Promise<void> {
    return this.docUsers.remove(user, uuid, userId);
  }
}
