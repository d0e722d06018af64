import { Injectable } from '@nestjs/common';
import { paginate } from '../common/pagination';
import { FolderPath } from '../folders/folder-path';
import { UserProfile } from '../users/user-profile';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchResultsDto } from './dto/search-results.dto';
import { parseSearchQuery } from './search-query';
import { toSearchResult } from './search.mapper';
import { SearchRepository, SearchScope } from './search.repository';

/**
 * Full-text search in the documents the caller is a member of. Documents keep their terms
 * themselves (written with each version, see `search-terms.ts`), so a document is found as soon
 * as its write is answered, and no longer once it is trashed or the caller is removed from it.
 */
@Injectable()
export class SearchService {
  constructor(private readonly index: SearchRepository) {}

  async search(user: UserProfile, input: SearchQueryDto): Promise<SearchResultsDto> {
    const query = parseSearchQuery(input.q);
    const scope = searchScope(input);
    const { rows, totalCount } =
      scope === null || query.clauses.length === 0
        ? { rows: [], totalCount: 0 }
        : await this.index.page(
            user.id,
            query,
            scope,
            (input.page - 1) * input.per_page,
            input.per_page,
          );
    return {
      results: rows.map((row) => toSearchResult(row, user.id, query)),
      pagination: paginate(input.page, input.per_page, totalCount),
    };
  }
}

/** Where to look; null when the filters exclude everything (a folder is the caller's own). */
function searchScope(input: SearchQueryDto): SearchScope | null {
  if (input.path === undefined) return { role: input.role };
  const folder = FolderPath.parse(input.path);
  if (input.role !== undefined && input.role !== 'owner') return null;
  return {
    own: folder.isHome ? {} : { folder: { path: folder.toString(), pathHash: folder.hash() } },
  };
}
