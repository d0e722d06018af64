import { toIsoTimestamp } from '../database/sql-values';
import { HOME } from '../folders/folder-path';
import { SearchResultDto } from './dto/search-results.dto';
import { SearchQuery } from './search-query';
import { SearchRow } from './search.repository';
import { snippetOfHtml } from './snippet';

/** A match as `userId` sees it: the folder only on their own documents, and a snippet. */
export function toSearchResult(
  row: SearchRow,
  userId: number,
  query: SearchQuery,
): SearchResultDto {
  return {
    uuid: row.uuid,
    title: row.title,
    path: Number(row.owner_id) === userId ? (row.path ?? HOME) : null,
    role: row.role,
    updated_at: toIsoTimestamp(row.updated_at),
    version: Number(row.version),
    snippet: snippetOfHtml(row.html, query, row.textMatches),
  };
}
