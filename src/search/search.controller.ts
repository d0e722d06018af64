import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchResultsDto } from './dto/search-results.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@BearerAuth()
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    operationId: 'searchDocs',
    summary: 'Search your documents',
    description:
      'The documents you are a user of (not those in the trash) whose title or text matches `q`, best match first (a match in the title counts more), then most recently updated, one page at a time, each with a snippet of its text around the first match. Only the text a reader sees is searched: tags and attributes are not.',
  })
  @ApiOkResponse({
    description: 'One page of matches and the pagination info (`total_count` is exact).',
    type: SearchResultsDto,
  })
  @ApiErrorResponses({ 400: 'q must not be empty' }, 431)
  find(
    @CurrentUser() user: UserProfile,
    @Query() query: SearchQueryDto,
  ): Promise<SearchResultsDto> {
    return this.search.search(user, query);
  }
}
