import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import type { Role } from '../docs/entities/user-doc.entity';
import { SearchQuery, toFts5Match, toMysqlBoolean } from './search-query';

/**
 * Which of the caller's documents a search looks in: all they are a member of (with one role),
 * or their own, in one folder and its subfolders (`folder`: that folder's path and the path
 * hash that names it; none for all their own).
 */
export interface SearchScope {
  role?: Role;
  own?: { folder?: { path: string; pathHash: string } };
}

/** A document that matched, with the search's total (counted by the same statement). */
export interface SearchRow {
  total_count: number | string;
  uuid: string;
  title: string;
  owner_id: number;
  /** The owner's folder; null for home. */
  path: string | null;
  updated_at: Date | string;
  version: number;
  html: string;
  role: Role;
}

/** How much more a match in the title weighs than one in the text. */
const TITLE_WEIGHT = 4;

/**
 * The search statements of each database: the terms are in `docs.search_title` and
 * `docs.search_body` (written with the document, see `search-terms.ts`), indexed by InnoDB
 * `FULLTEXT` (MySQL) or an FTS5 table kept by triggers (SQLite). Access goes through `user_docs`
 * as everywhere: a trashed document, or one the caller was removed from, has no row there.
 */
export const searchSql = {
  mysql: {
    /** Parameters: the query thrice, user id, [role], [owner id, [user id, path hash, length, prefix]]. */
    matches: (
      scope: SearchScope,
    ) => `SELECT d.id AS doc_id, me.role AS role, d.updated_at AS updated_at,
    MATCH (d.search_title) AGAINST (? IN BOOLEAN MODE) * ${TITLE_WEIGHT}
      + MATCH (d.search_title, d.search_body) AGAINST (? IN BOOLEAN MODE) AS score
  FROM docs d
  JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?${scopeConditions(scope, 'mysql')}
  WHERE MATCH (d.search_title, d.search_body) AGAINST (? IN BOOLEAN MODE)`,
    order: 'score DESC',
  },
  sqlite: {
    /** Parameters: user id, [role], [owner id, [user id, path hash, length, prefix]], the query. */
    matches: (
      scope: SearchScope,
    ) => `SELECT d.id AS doc_id, me.role AS role, d.updated_at AS updated_at,
    bm25(docs_search, ${TITLE_WEIGHT}.0, 1.0) AS score
  FROM docs_search
  JOIN docs d ON d.id = docs_search.rowid
  JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?${scopeConditions(scope, 'sqlite')}
  WHERE docs_search MATCH ?`,
    // bm25() is lower for better matches.
    order: 'score ASC',
  },

  /**
   * One page of matches, best first (then most recently updated), each with the total: the
   * page and its total are one moment of the index.
   */
  page: (dialect: SqlDialect, scope: SearchScope) => {
    const { matches, order } = searchSql[dialect];
    return `SELECT page.total_count, d.uuid AS uuid, d.title AS title, d.owner_id AS owner_id,
  f.path AS path, d.updated_at AS updated_at, d.version AS version, d.html AS html, page.role AS role
FROM (
  SELECT COUNT(*) OVER () AS total_count, found.*
  FROM (${matches(scope)}) found
  ORDER BY ${order}, updated_at DESC, doc_id DESC
  LIMIT ? OFFSET ?
) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
ORDER BY page.${order}, page.updated_at DESC, page.doc_id DESC`;
  },

  /** The total alone: for a page past the end, which has no row to carry it. */
  count: (dialect: SqlDialect, scope: SearchScope) =>
    `SELECT COUNT(*) AS n FROM (${searchSql[dialect].matches(scope)}) found`,
};

/** The role and folder filters, as conditions on `user_docs me` and `docs d`. */
function scopeConditions(scope: SearchScope, dialect: SqlDialect): string {
  let conditions = scope.role === undefined ? '' : ' AND me.role = ?';
  if (scope.own !== undefined) {
    conditions += ' AND d.owner_id = ?';
    // Paths compare as written (MySQL's default collation would ignore case).
    const binary = dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : '';
    if (scope.own.folder !== undefined) {
      conditions += ` AND d.folder_id IN (SELECT id FROM folders WHERE user_id = ?
    AND (path_hash = ? OR SUBSTR(path, 1, ?)${binary} = ?))`;
    }
  }
  return conditions;
}

@Injectable()
export class SearchRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /** One page of the caller's documents that match, and how many match in all. */
  async page(
    userId: number,
    query: SearchQuery,
    scope: SearchScope,
    offset: number,
    limit: number,
  ): Promise<{ rows: SearchRow[]; totalCount: number }> {
    const parameters = this.matchParameters(userId, query, scope);
    const rows = await this.sql.rows<SearchRow>(searchSql.page(this.dialect, scope), [
      ...parameters,
      limit,
      offset,
    ]);
    if (rows.length > 0) return { rows, totalCount: Number(rows[0].total_count) };
    if (offset === 0) return { rows, totalCount: 0 };
    const [counted] = await this.sql.rows<{ n: number | string }>(
      searchSql.count(this.dialect, scope),
      parameters,
    );
    return { rows, totalCount: Number(counted.n) };
  }

  private matchParameters(userId: number, query: SearchQuery, scope: SearchScope): unknown[] {
    const filters: unknown[] = scope.role === undefined ? [] : [scope.role];
    if (scope.own !== undefined) {
      filters.push(userId);
      const folder = scope.own.folder;
      if (folder !== undefined) {
        const prefix = `${folder.path}/`;
        filters.push(userId, folder.pathHash, [...prefix].length, prefix);
      }
    }
    if (this.dialect === 'mysql') {
      const match = toMysqlBoolean(query);
      return [match, match, userId, ...filters, match];
    }
    return [userId, ...filters, toFts5Match(query)];
  }
}
