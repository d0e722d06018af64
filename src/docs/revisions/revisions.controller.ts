import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { entityTag, VersionCondition } from '../../common/http/entity-tags';
import { IdPipe } from '../../common/pipes/id.pipe';
import { UuidPipe } from '../../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../../common/swagger/api-responses.decorator';
import { PageQueryDto } from '../../common/dto/page-query.dto';
import { UserProfile } from '../../users/user-profile';
import { ETAG_HEADER, IF_MATCH_HEADER, UUID_PARAM } from '../documents/doc-api-params';
import { DocDetailDto } from '../documents/dto/doc-list.dto';
import { RevisionDto, RevisionListDto } from './dto/revision.dto';
import { RevisionsService } from './revisions.service';

const VERSION_PARAM = ApiParam({
  name: 'version',
  schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 2 },
  description: 'The version number (`version` in the list of revisions).',
});

const NOT_KEPT = { 404: 'version 2 of this document does not exist or is no longer kept' };

@ApiTags('revisions')
@BearerAuth()
@Controller('docs/:uuid/revisions')
export class RevisionsController {
  constructor(private readonly revisions: RevisionsService) {}

  @Get()
  @UUID_PARAM
  @ApiOperation({
    operationId: 'listRevisions',
    summary: 'List a document’s versions',
    description:
      'The kept versions of a document you are a user of, newest first (the current version is the first), without their HTML, one page at a time. The newest `REVISIONS_KEEP` versions are kept (100 unless the operator says otherwise).',
  })
  @ApiOkResponse({
    description: 'One page of versions and the pagination info.',
    type: RevisionListDto,
  })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' }, 404)
  list(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Query() query: PageQueryDto,
  ): Promise<RevisionListDto> {
    return this.revisions.list(user, uuid, query);
  }

  @Get(':version')
  @UUID_PARAM
  @VERSION_PARAM
  @ApiOperation({
    operationId: 'getRevision',
    summary: 'Get a version of a document',
    description: 'One kept version of a document you are a user of, with its HTML.',
  })
  @ApiOkResponse({ description: 'The version.', type: RevisionDto })
  @ApiErrorResponses({ 400: 'version must be a positive integer' }, NOT_KEPT)
  get(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Param('version', new IdPipe('version')) version: number,
  ): Promise<RevisionDto> {
    return this.revisions.get(user, uuid, version);
  }

  @Post(':version/restore')
  @HttpCode(HttpStatus.OK)
  @UUID_PARAM
  @VERSION_PARAM
  @IF_MATCH_HEADER
  @ApiOperation({
    operationId: 'restoreRevision',
    summary: 'Restore a version of a document',
    description:
      'Writes that version’s title and HTML as a new version (its folder stays where it is now); the versions in between stay in the history. For the owner and editors. With `If-Match`, only if the document is still the version named (otherwise `412`, and nothing changes).',
  })
  @ApiOkResponse({
    description: 'Restored: the document as it is now; `ETag` is its new version.',
    type: DocDetailDto,
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses(
    { 400: 'version must be a positive integer' },
    { 403: 'only the owner or an editor may change this document; you are a viewer' },
    NOT_KEPT,
    412,
  )
  async restore(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Param('version', new IdPipe('version')) version: number,
    @IfMatch() condition: VersionCondition,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DocDetailDto> {
    const doc = await this.revisions.restore(user, uuid, version, condition);
    response.setHeader('ETag', entityTag(doc.version));
    return doc;
  }
}
