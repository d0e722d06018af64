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
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { DocsService } from './docs.service';
import { CreateDocDto } from './dto/create-doc.dto';
import { CreatedDocDto } from './dto/created-doc.dto';
import { DocDetailDto, DocListDto } from './dto/doc-list.dto';
import { ListDocsQueryDto } from './dto/list-docs-query.dto';
import { UpdateDocDto } from './dto/update-doc.dto';

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
      'The current user’s documents, most recently updated first (then by id, descending), one page at a time. `html` is not included.',
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
  @ApiOperation({
    operationId: 'getDoc',
    summary: 'Get a document',
    description: 'One of the current user’s documents, with its (sanitised) HTML.',
  })
  @ApiOkResponse({ description: 'The document.', type: DocDetailDto })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 404)
  get(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
  ): Promise<DocDetailDto> {
    return this.docs.get(user, uuid);
  }

  @Put(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @ApiOperation({
    operationId: 'updateDoc',
    summary: 'Update a document',
    description:
      'Changes the title, the HTML or both; a field left out keeps its value. `updated_at` moves forward.',
  })
  @ApiNoContentResponse({ description: 'Updated.' })
  @ApiErrorResponses({ 400: 'at least one of title or html must be given' }, 404, 413)
  update(
    @CurrentUser() user: UserProfile,
    @Param('uuid', UuidPipe) uuid: string,
    @Body() body: UpdateDocDto,
  ): Promise<void> {
    return this.docs.update(user, uuid, body);
  }

  @Delete(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UUID_PARAM
  @ApiOperation({
    operationId: 'deleteDoc',
    summary: 'Delete a document',
    description: 'Deletes one of the current user’s documents; its folders stay.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses({ 400: 'uuid must be a UUID' }, 404)
  remove(@CurrentUser() user: UserProfile, @Param('uuid', UuidPipe) uuid: string): Promise<void> {
    return this.docs.remove(user, uuid);
  }
}
