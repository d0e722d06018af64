import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { setPageHeaders, TOTAL_COUNT_HEADER } from '../common/http/page-headers';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { FolderDto } from './dto/folder.dto';
import { ListFoldersQueryDto } from './dto/list-folders-query.dto';
import { FoldersService } from './folders.service';

@ApiTags('folders')
@BearerAuth()
@Controller('folders')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listFolders',
    summary: "List the user's folders",
    description:
      'The folders the user has, sorted by path in code-point order, a page at a time (up to 1,000, all of them by default). The home folder `~` is not listed.',
  })
  @ApiOkResponse({
    description: 'The folders of the page, possibly none.',
    type: [FolderDto],
    headers: {
      [TOTAL_COUNT_HEADER]: {
        description: 'How many folders the user has, on all pages.',
        schema: { type: 'integer', minimum: 0 },
      },
      Link: {
        description:
          'The next and previous pages, where there are: `</api/v1/folders?page=3&per_page=1000>; rel="next"` (RFC 8288).',
        required: false,
        schema: { type: 'string' },
      },
    },
  })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 1000' })
  async list(
    @CurrentUser() user: UserProfile,
    @Query() query: ListFoldersQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FolderDto[]> {
    const { folders, totalCount } = await this.folders.list(user, query.page, query.per_page);
    setPageHeaders(request, response, query.page, query.per_page, totalCount);
    return folders;
  }
}
