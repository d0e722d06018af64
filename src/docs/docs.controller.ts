import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { IfMatch } from '../common/decorators/if-match.decorator';
import { entityTag, VersionCondition } from '../common/http/entity-tags';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { DocsService } from './docs.service';
import { CreateDocDto } from './dto/create-doc.dto';
import { CreatedDocDto } from './dto/created-doc.dto';
import { DocDetailDto, DocListDto } from './dto/doc-list.dto';
import { ListDocsQueryDto } from './dto/list-docs-query.dto';
import { UpdateDocDto } from './dto/update-doc.dto';

const ETAG_HEADER = {
  ETag: {
    description:
      'The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`.',
    schema: { type: 'string' as const, example: '"3"' },
  },
};

const IF_MATCH_HEADER = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'Only if the document is still this version: its `ETag` (`"3"`), a comma-separated list of them, or `*` (any version).',
});

const UUID_PARAM = ApiParam({
  name: 'uuid',
  format: 'uuid',
  description: 'The document’s UUID, as returned on creation.',
  example: '3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60',
});

@ApiTags('docs')
@BearerAuth()
@Controller('docs')
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createDoc',
    summary: 'Create a document',
    description:
      'Creates a document in the folder named by `path` (default `~`), creating missing folders with their parents. The new document’s address is in the `Location` header.',
  })
  @ApiCreatedResponse({
    description: 'Created; the body has the new document’s UUID.',
    type: CreatedDocDto,
    headers: {
      Location: { description: 'Address of the new document', schema: { type: 'string' } },
    },
  })
  @ApiErrorResponses({ 400: 'title must be a string' }, 413)
  async create(
    @CurrentUser() user: UserProfile,
    @Body() body: CreateDocDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedDocDto> {
    const created = await this.docs.create(user, body);
    response.location(`/api/v1/docs/${created.uuid}`);
    return created;
  }

  @Get()
  @ApiOperation({
    operationId: 'listDocs',
    summary: 'List documents',
    description:
      'Every document you are a user of (your own and those shared with you), most recently updated first (then by id, descending), one page at a time, with your `role` on each. `html` is not included.',
  })
  @ApiOkResponse({
    description: 'One page of documents and the pagination info.',
    type: DocListDto,
  })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' })
  list(@CurrentUser() user: UserProfile, @Query() query: ListDocsQueryDto): Promise<DocListDto> {
    return this.docs.list(user, query);
  }

  @Get(':uuid')
  @UUID_PARAM
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'The `ETag` of a copy you have (`"3"`): if the document is still that version, the answer is `304` with no body.',
  })
  @ApiOperation({
    operationId: 'getDoc',
    summary: 'Get a document',
    description:
      'A document you are a user of, with its (sanitised) HTML and its version, also sent as the strong `ETag`.',
  })
  @ApiOkResponse({ description: 'The document.', type: DocDetailDto, headers: ETAG_HEADER })
  @ApiResponse({
    status: HttpStatus.NOT_MODIFIED,
    description: 'The document is still the version named in `If-None-Match`; no body.',
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 404)
  async get(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DocDetailDto> {
    const doc = await this.docs.get(user, uuid);
    // Express answers 304 itself when If-None-Match names this tag.
    response.setHeader('ETag', entityTag(doc.version));
    return doc;
  }

  @Put(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @IF_MATCH_HEADER
  @ApiOperation({
    operationId: 'updateDoc',
    summary: 'Update a document',
    description:
      'Changes the title, the HTML or both; a field left out keeps its value. `updated_at` moves forward and `version` goes one up. For the owner and editors. With `If-Match`, only if the document is still that version (otherwise `412`, and nothing changes); without it, the last write wins.',
  })
  @ApiNoContentResponse({
    description: 'Updated; `ETag` is the new version.',
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses({ 400: 'at least one of title or html must be given' }, 403, 404, 412, 413)
  async update(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @IfMatch() condition: VersionCondition,
    @Body() body: UpdateDocDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const version = await this.docs.update(user, uuid, body, condition);
    response.setHeader('ETag', entityTag(version));
  }

  @Delete(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @IF_MATCH_HEADER
  @ApiOperation({
    operationId: 'deleteDoc',
    summary: 'Delete a document',
    description:
      'Deletes a document you own, for all its users; its folders stay. With `If-Match`, only if it is still that version.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 403, 404, 412)
  remove(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @IfMatch() condition: VersionCondition,
  ): Promise<void> {
    return this.docs.remove(user, uuid, condition);
  }
}
