import {
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
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { entityTag } from '../../common/http/entity-tags';
import { UuidPipe } from '../../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../../common/swagger/api-responses.decorator';
import { PageQueryDto } from '../../common/dto/page-query.dto';
import { UserProfile } from '../../users/user-profile';
import { ETAG_HEADER, UUID_PARAM } from '../documents/doc-api-params';
import { DocDetailDto } from '../documents/dto/doc-list.dto';
import { TrashListDto } from './dto/trash.dto';
import { TrashService } from './trash.service';

const NOT_IN_TRASH = { 404: 'document not found in your trash' };

@ApiTags('trash')
@BearerAuth()
@Controller('trash')
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @Get()
  @ApiOperation({
    operationId: 'listTrash',
    summary: 'List your trash',
    description:
      'The documents you deleted, most recently deleted first, one page at a time, each with when it will be deleted for good (`TRASH_RETENTION_DAYS` after it was deleted, 30 unless the operator says otherwise).',
  })
  @ApiOkResponse({
    description: 'One page of the trash and the pagination info.',
    type: TrashListDto,
  })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' })
  list(@CurrentUser() user: UserProfile, @Query() query: PageQueryDto): Promise<TrashListDto> {
    return this.trash.list(user, query);
  }

  @Post(':uuid/restore')
  @HttpCode(HttpStatus.OK)
  @UUID_PARAM
  @ApiOperation({
    operationId: 'restoreFromTrash',
    summary: 'Restore a document from your trash',
    description:
      'Brings a document you deleted back as it was: its version, its versions, its users and its folder. It is in every user’s list again at once.',
  })
  @ApiOkResponse({
    description: 'Restored: the document, as `GET /api/v1/docs/{uuid}` returns it.',
    type: DocDetailDto,
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, NOT_IN_TRASH)
  async restore(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DocDetailDto> {
    const doc = await this.trash.restore(user, uuid);
    response.setHeader('ETag', entityTag(doc.version));
    return doc;
  }

  @Delete(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @ApiOperation({
    operationId: 'purgeFromTrash',
    summary: 'Delete a document for good',
    description:
      'Deletes a document in your trash at once, with its versions and its users; it cannot be restored.',
  })
  @ApiNoContentResponse({ description: 'Deleted for good.' })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, NOT_IN_TRASH)
  purge(@CurrentUser() user: UserProfile, @Param('uuid', UuidPipe) uuid: string): Promise<void> {
    return this.trash.purge(user, uuid);
  }
}
