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
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IdPipe } from '../../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../../common/swagger/api-responses.decorator';
import { UserProfile } from '../../users/user-profile';
import { AddFolderShareDto } from './dto/add-folder-share.dto';
import { FolderShareDto, FolderSharesDto } from './dto/folder-share.dto';
import { ListFolderSharesQueryDto } from './dto/list-folder-shares-query.dto';
import { FolderSharesService } from './folder-shares.service';

@ApiTags('folders')
@BearerAuth()
@Controller('folders/shares')
export class FolderSharesController {
  constructor(private readonly folderShares: FolderSharesService) {}

  @Post()
  @ApiOperation({
    operationId: 'shareFolder',
    summary: 'Share a folder with a user or a group',
    description:
      'Gives one user (`email`) or one group (`group_id`) the role `editor` or `viewer` (the default) on every document of yours in the folder and below it: those there now, at once, and those created or moved there later (`201`). `~` shares all your documents. Sharing the same folder with the same user or group again changes the role (`200`). A user who has a document several ways has the best role of them.',
  })
  @ApiCreatedResponse({ description: 'The folder is shared.', type: FolderShareDto })
  @ApiOkResponse({
    description: 'The folder was shared with them; the role is now this.',
    type: FolderShareDto,
  })
  @ApiErrorResponses(
    { 400: 'give either email (a user) or group_id (a group), not both' },
    { 404: 'no user with e-mail grace@example.com' },
    413,
    415,
  )
  async share(
    @CurrentUser() user: UserProfile,
    @Body() body: AddFolderShareDto,
    @Res() response: Response,
  ): Promise<void> {
    const { added, share } = await this.folderShares.share(user, body);
    response.status(added ? HttpStatus.CREATED : HttpStatus.OK).json(share);
  }

  @Get()
  @ApiOperation({
    operationId: 'listFolderShares',
    summary: 'List the shares of your folders',
    description:
      'Your folder shares, by folder path, then by when they were made. With `path`: only those that reach that folder, its own and its ancestors’. Nobody else sees them.',
  })
  @ApiOkResponse({ description: 'The shares.', type: FolderSharesDto })
  @ApiErrorResponses({ 400: 'path must be "~" or start with "~/", as in "~/projects/2024"' }, 431)
  list(
    @CurrentUser() user: UserProfile,
    @Query() query: ListFolderSharesQueryDto,
  ): Promise<FolderSharesDto> {
    return this.folderShares.list(user, query.path);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiParam({
    name: 'id',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 7 },
    description: 'The id of the folder share.',
  })
  @ApiOperation({
    operationId: 'unshareFolder',
    summary: 'Stop sharing a folder',
    description:
      'Removes one of your folder shares. Whoever had documents only through it loses them at once.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrorResponses(
    { 400: 'id must be a positive integer' },
    {
      status: 404,
      description: 'You have no folder share with this id.',
      example: 'folder share not found',
    },
  )
  remove(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
  ): Promise<void> {
    return this.folderShares.remove(user, id);
  }
}
