import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
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
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { entityTag, namesVersion, VersionCondition } from '../../common/http/entity-tags';
import { UuidPipe } from '../../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../../common/swagger/api-responses.decorator';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_REPLAYED_HEADER,
  IdempotencyKeyHeader,
} from '../../idempotency/idempotency-key';
import { UserProfile } from '../../users/user-profile';
import { ETAG_HEADER, IF_MATCH_HEADER, UUID_PARAM } from './doc-api-params';
import { DocsService } from './docs.service';
import { CreateDocDto } from './dto/create-doc.dto';
import { CreatedDocDto } from './dto/created-doc.dto';
import { DocDetailDto, DocListDto } from './dto/doc-list.dto';
import { ListDocsQueryDto } from './dto/list-docs-query.dto';
import { UpdateDocDto } from './dto/update-doc.dto';

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
      'Creates a document in the folder named by `path` (default `~`), creating missing folders with their parents. The new document’s address is in the `Location` header.\n\n' +
      'Send an `Idempotency-Key` to make the request safe to retry: for 24 hours, a repeat with the same key and the same body creates nothing and gets the first `201` again (with `Idempotency-Replayed: true`); the same key with another body is `422`; a repeat while the first request is still running is `409` with `Retry-After`. Keys are per user.',
  })
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description:
      'A key of your choosing for this create, 1 to 255 visible ASCII characters; a new UUID is a good one (`5b9a3c1e-8f2d-4e6a-b7c0-2d4f6a8b1c3e`). Retry with the same key and body to get the first answer instead of a second document.',
    // No `example`: Swagger UI would send it with every create from "Try it out".
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
  })
  @ApiCreatedResponse({
    description:
      'Created; the body has the new document’s UUID. A replay of an earlier request with the same `Idempotency-Key` is the same answer, with `Idempotency-Replayed: true`.',
    type: CreatedDocDto,
    headers: {
      Location: { description: 'Address of the new document', schema: { type: 'string' } },
      [IDEMPOTENCY_REPLAYED_HEADER]: {
        description:
          '`true` when this answer repeats the first one for the same `Idempotency-Key` (nothing was created); absent otherwise.',
        required: false,
        schema: { type: 'string', enum: ['true'] },
      },
    },
  })
  @ApiErrorResponses(
    {
      400: 'title must be a string',
      409: 'a request with this Idempotency-Key is still in progress; retry in 30 s',
    },
    413,
    415,
    422,
  )
  async create(
    @CurrentUser() user: UserProfile,
    @Body() body: CreateDocDto,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedDocDto> {
    const { doc, replayed } =
      idempotencyKey === undefined
        ? { doc: await this.docs.create(user, body), replayed: false }
        : await this.docs.createOnce(user, body, idempotencyKey);
    response.location(`/api/v1/docs/${doc.uuid}`);
    if (replayed) response.setHeader(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    return doc;
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
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' }, 431)
  list(@CurrentUser() user: UserProfile, @Query() query: ListDocsQueryDto): Promise<DocListDto> {
    return this.docs.list(user, query);
  }

  @Get(':uuid')
  @UUID_PARAM
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'The `ETag` of a copy you have (`"3"`), a comma-separated list of them, or `*`: if the document is still a version named (weak tags such as `W/"3"` count too), the answer is `304` with the `ETag` and no body, whatever `Cache-Control` the request carries.',
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
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DocDetailDto | undefined> {
    const doc = await this.docs.get(user, uuid);
    response.setHeader('ETag', entityTag(doc.version));
    // Not Express's freshness check: it skips If-None-Match when the request also says
    // `Cache-Control: no-cache`, as Node's fetch() does with every conditional request.
    if (!namesVersion(ifNoneMatch, doc.version)) return doc;
    response.status(HttpStatus.NOT_MODIFIED);
    return undefined;
  }

  @Put(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @IF_MATCH_HEADER
  @ApiOperation({
    operationId: 'updateDoc',
    summary: 'Update a document',
    description:
      'Changes the title, the HTML, the folder (`path`) or several; a field left out keeps its value. `updated_at` moves forward and `version` goes one up; the version replaced stays in the document’s revisions. For the owner and editors; only the owner moves the document (`path`), into a folder of theirs created with its parents if missing. With `If-Match`, only if the document is still that version (otherwise `412`, and nothing changes); without it, the last write wins.',
  })
  @ApiNoContentResponse({
    description: 'Updated; `ETag` is the new version.',
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses(
    { 400: 'at least one of title, html or path must be given' },
    403,
    404,
    412,
    413,
    415,
  )
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
    summary: 'Delete a document (to the trash)',
    description:
      'Moves a document you own to your trash (`GET /api/v1/trash`): from then on it is `404` for all its users and in no list, until you restore it (`POST /api/v1/trash/{uuid}/restore`) or it is deleted for good (`DELETE /api/v1/trash/{uuid}`, or `TRASH_RETENTION_DAYS` later). Its folders stay. With `If-Match`, only if it is still that version.',
  })
  @ApiNoContentResponse({ description: 'In the trash.' })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 403, 404, 412)
  remove(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @IfMatch() condition: VersionCondition,
  ): Promise<void> {
    return this.docs.remove(user, uuid, condition);
  }
}
