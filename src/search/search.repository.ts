import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { HAS_GRANTS, userDocsWithGrants } from '../docs/documents/grants-sql';
import { TITLE_WEIGHT } from '../common/text/search-terms';
import type { Role } from '../docs/documents/doc-access';
import { SearchClause, SearchQuery, clauseText, occurrencesIn, occursIn } from './search-query';

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
  /** Whether the text (not only the title) has a word the query matches. */
  textMatches: boolean;
}

/** A page's row as the statement gives it. */
type PageRow = Omit<SearchRow, 'textMatches'> & {
  search_title: string | null;
  query_weight: number | string | null;
};

/** A statement and its parameters, in the order they appear. */
interface Statement {
  sql: string;
  parameters: unknown[];
}

/** A clause of the query with the ids of the terms it matches (see `resolveTerms`). */
export type ResolvedClause = SearchClause & {
  /** One per word; a prefix: every term it begins (none: nothing matches). */
  ids: number[];
};

/** How a prefix is written in the terms' query: terms are letters and digits, no wildcard. */
const prefixPattern: Record<SqlDialect, (prefix: string) => string> = {
  mysql: (prefix) => `${prefix}%`,
  sqlite: (prefix) => `${prefix}*`,
};

/** Lists of ids are padded to a power of two (by repeating one), for a few statement texts. */
function paddedIds(ids: number[]): number[] {
  let size = 1;
  while (size < ids.length) size *= 2;
  return [...ids, ...Array<number>(size - ids.length).fill(ids[ids.length - 1])];
}

/**
 * The search statements of each database, on the posting index (`search_terms`,
 * `search_postings`, written with each document: see `SearchPostingsRepository`). Access goes
 * through `user_docs` as everywhere: a trashed document, or one the caller was removed from, has
 * no row there; a user whom grants reach goes through `userDocsWithGrants` instead.
 *
 * Relevance: for each clause, the natural log of 1 + its weight in the document (4 per
 * occurrence in the title, 1 per occurrence in the text; a prefix adds up the words it
 * begins; a phrase counts its occurrences in the document's terms), summed over the clauses;
 * the same counts and `LN` give the same figure on both databases.
 */
export const searchSql = {
  /**
   * The ids of the query's words, and of every term its prefixes begin; each row also says
   * whether grants reach the user (`has_grants`), so that `matches` knows where to look.
   */
  terms(dialect: SqlDialect, query: SearchQuery, userId: number): Statement {
    const words = [...new Set(query.clauses.flatMap((c) => (c.prefix ? [] : c.terms)))];
    const prefixes = query.clauses.filter((clause) => clause.prefix).map((c) => c.terms[0]);
    const matchPrefix = dialect === 'mysql' ? 'term LIKE ?' : 'term GLOB ?';
    const conditions = [
      ...(words.length > 0 ? [`term IN (${words.map(() => '?').join(', ')})`] : []),
      ...prefixes.map(() => matchPrefix),
    ];
    return {
      sql: `SELECT id, term, ${HAS_GRANTS} AS has_grants FROM search_terms WHERE ${conditions.join(' OR ')}`,
      parameters: [userId, userId, ...words, ...prefixes.map(prefixPattern[dialect])],
    };
  },

  /**
   * The caller's documents that match, each with its role, `updated_at` and score. Every clause
   * has at least one id.
   */
  matches(
    dialect: SqlDialect,
    userId: number,
    clauses: ResolvedClause[],
    scope: SearchScope,
    withGrants = false,
  ): Statement {
    const joins: { alias: string; id: number }[] = [];
    const conditions: { sql: string; parameters: unknown[] }[] = [];
    const scores: { sql: string; parameters: unknown[] }[] = [];
    let needsDoc = scope.own?.folder !== undefined;
    for (const clause of clauses) {
      if (clause.prefix && clause.ids.length > 1) {
        // The weights of every word the prefix begins, added up.
        const ids = paddedIds(clause.ids);
        const weight = `(SELECT SUM(s.weight) FROM search_postings s
      WHERE s.doc_id = me.doc_id AND s.term_id IN (${ids.map(() => '?').join(', ')}))`;
        conditions.push({ sql: `${weight} IS NOT NULL`, parameters: ids });
        scores.push({ sql: `LN(1 + ${weight})`, parameters: ids });
        continue;
      }
      const postings = clause.ids.map((id) => {
        const alias = `p${joins.length}`;
        joins.push({ alias, id });
        return alias;
      });
      if (postings.length === 1) {
        scores.push({ sql: `LN(1 + ${postings[0]}.weight)`, parameters: [] });
        continue;
      }
      // A phrase: its words are in the document (the postings); next to each other in its terms?
      needsDoc = true;
      const pattern = clauseText(clause);
      const { title, body } = termColumns[dialect];
      conditions.push({
        sql: `(${occurs[dialect](title)} OR ${occurs[dialect](body)})`,
        parameters: [pattern, pattern],
      });
      const inTitle = occurrences[dialect](title, pattern);
      const inBody = occurrences[dialect](body, pattern);
      scores.push({
        sql: `LN(1 + ${TITLE_WEIGHT} * ${inTitle.sql} + ${inBody.sql})`,
        parameters: [...inTitle.parameters, ...inBody.parameters],
      });
    }
    const straight = dialect === 'mysql' ? 'STRAIGHT_JOIN' : 'CROSS JOIN';
    const parameters: unknown[] = scores.flatMap((score) => score.parameters);
    // From the caller's documents (a range of their `user_docs` rows), each looked up by
    // (document, term) in the postings of each word: the cost is a few lookups per document of
    // the caller, whatever the words and however many documents the store holds.
    // A user whom grants reach goes through every document they have, each once.
    // (Of those, only the documents with the first clause's words are grouped: a document that
    // matches has one of them.)
    const firstTerms = clauses[0].prefix ? paddedIds(clauses[0].ids) : [clauses[0].ids[0]];
    let from = withGrants ? `${userDocsWithGrants(firstTerms.length)} me` : 'user_docs me';
    if (withGrants) {
      parameters.push(userId, ...firstTerms, userId, userId, ...firstTerms, userId, ...firstTerms);
    }
    for (const { alias } of joins) {
      from += `\n  ${straight} search_postings ${alias} ON ${alias}.doc_id = me.doc_id AND ${alias}.term_id = ?`;
    }
    parameters.push(...joins.map((join) => join.id));
    if (needsDoc) from += `\n  ${straight} docs d ON d.id = me.doc_id`;
    parameters.push(userId, ...scopeParameters(userId, scope));
    parameters.push(...conditions.flatMap((condition) => condition.parameters));
    const match = conditions.map((condition) => `\n    AND ${condition.sql}`).join('');
    const sql = `SELECT me.doc_id AS doc_id, me.role AS role, me.doc_updated_at AS updated_at,
    ${scores.map((score) => score.sql).join(' + ')} AS score
  FROM ${from}
  WHERE me.user_id = ?${scopeConditions(scope, dialect)}${match}`;
    return { sql, parameters };
  },

  /**
   * One page of matches, best first (then most recently updated), each with the total: the
   * page and its total are one moment of the index. Each row also has its title's terms and
   * the weight of the query's terms (`termCount` ids, the first parameters) in it: whether its
   * text has a match follows (see `SearchRepository.page`).
   */
  page: (matches: string, termCount: number) => `SELECT page.total_count, d.uuid AS uuid,
  d.title AS title, d.owner_id AS owner_id, f.path AS path, d.updated_at AS updated_at,
  d.version AS version, d.html AS html, page.role AS role, d.search_title AS search_title,
  (SELECT SUM(s.weight) FROM search_postings s
    WHERE s.doc_id = page.doc_id AND s.term_id IN (${Array(termCount).fill('?').join(', ')})) AS query_weight
FROM (
  SELECT COUNT(*) OVER () AS total_count, found.*
  FROM (${matches}) found
  ORDER BY score DESC, updated_at DESC, doc_id DESC
  LIMIT ? OFFSET ?
) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
ORDER BY page.score DESC, page.updated_at DESC, page.doc_id DESC`,

  /** The total alone: for a page past the end, which has no row to carry it. */
  count: (matches: string) => `SELECT COUNT(*) AS n FROM (${matches}) found`,
};

/**
 * A document's title and text terms; on MySQL with a space at each end, so that every term has
 * one on both sides, and compared byte by byte (the terms are ASCII; the column's collation
 * would fold case and accents, four times slower).
 */
const termColumns: Record<SqlDialect, { title: string; body: string }> = {
  mysql: {
    title: "CAST(CONCAT(' ', d.search_title, ' ') AS BINARY)",
    body: "CAST(CONCAT(' ', d.search_body, ' ') AS BINARY)",
  },
  sqlite: { title: 'd.search_title', body: 'd.search_body' },
};

/**
 * How many times the clause (a parameter) occurs in the terms. SQLite's `instr` and `replace`
 * compare byte by byte at every offset, so there the functions of `SEARCH_SQLITE_FUNCTIONS`
 * (JavaScript's string search) do it: an owner's statement at 100,000 documents, 2.4 -> 1.5 ms.
 */
const occurrences: Record<SqlDialect, (terms: string, clause: string) => Statement> = {
  mysql: (terms, clause) => ({
    sql: `(LENGTH(${terms}) - LENGTH(REPLACE(${terms}, ?, ''))) DIV LENGTH(?)`,
    parameters: [clause, clause],
  }),
  sqlite: (terms, clause) => ({ sql: `search_occurrences(${terms}, ?)`, parameters: [clause] }),
};

/** Whether the clause (a parameter) occurs in the terms. */
const occurs: Record<SqlDialect, (terms: string) => string> = {
  mysql: (terms) => `INSTR(${terms}, ?) > 0`,
  sqlite: (terms) => `search_occurs(${terms}, ?)`,
};

/** The SQL functions the SQLite statements use (see `occurrencesIn`). */
const SEARCH_SQLITE_FUNCTIONS = { search_occurrences: occurrencesIn, search_occurs: occursIn };

/** The role and folder filters, as conditions on `user_docs me` and `docs d`. */
function scopeConditions(scope: SearchScope, dialect: SqlDialect): string {
  let conditions = scope.role === undefined ? '' : ' AND me.role = ?';
  if (scope.own !== undefined) {
    // Only the owner has the owner's role; a scan reads those rows alone (an index starts with it).
    conditions += " AND me.role = 'owner'";
    // Paths compare as written (MySQL's default collation would ignore case).
    const binary = dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : '';
    if (scope.own.folder !== undefined) {
      conditions += ` AND d.folder_id IN (SELECT id FROM folders WHERE user_id = ?
    AND (path_hash = ? OR SUBSTR(path, 1, ?)${binary} = ?))`;
    }
  }
  return conditions;
}

/** The parameters of `scopeConditions`, in order. */
function scopeParameters(userId: number, scope: SearchScope): unknown[] {
  const parameters: unknown[] = scope.role === undefined ? [] : [scope.role];
  if (scope.own !== undefined) {
    const folder = scope.own.folder;
    if (folder !== undefined) {
      const prefix = `${folder.path}/`;
      parameters.push(userId, folder.pathHash, [...prefix].length, prefix);
    }
  }
  return parameters;
}

@Injectable()
export class SearchRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
  ) {
    this.dialect = sqlDialect(dataSource);
    for (const [name, fn] of Object.entries(SEARCH_SQLITE_FUNCTIONS)) {
      sql.defineSqliteFunction(name, fn);
    }
  }

  /** One page of the caller's documents that match, and how many match in all. */
  async page(
    userId: number,
    query: SearchQuery,
    scope: SearchScope,
    offset: number,
    limit: number,
  ): Promise<{ rows: SearchRow[]; totalCount: number }> {
    const resolved = await this.resolveTerms(query, userId);
    if (resolved === null) return { rows: [], totalCount: 0 };
    const matches = searchSql.matches(
      this.dialect,
      userId,
      resolved.clauses,
      scope,
      resolved.withGrants,
    );
    const termIds = paddedIds([...resolved.terms.values()]);
    const found = await this.sql.queryShapedRows<PageRow>(
      searchSql.page(matches.sql, termIds.length),
      [...termIds, ...matches.parameters, limit, offset],
    );
    const rows = found.map(({ search_title, query_weight, ...row }) => ({
      ...row,
      textMatches: Number(query_weight) > titleWeight(search_title, resolved.terms),
    }));
    if (rows.length > 0) return { rows, totalCount: Number(rows[0].total_count) };
    if (offset === 0) return { rows, totalCount: 0 };
    const [counted] = await this.sql.queryShapedRows<{ n: number | string }>(
      searchSql.count(matches.sql),
      matches.parameters,
    );
    return { rows, totalCount: Number(counted.n) };
  }

  /**
   * The ids of the terms each clause matches, read first (one statement), and every term the
   * query matches by its id; null when a clause matches no term of any document, so nothing
   * matches.
   */
  private async resolveTerms(
    query: SearchQuery,
    userId: number,
  ): Promise<{
    clauses: ResolvedClause[];
    terms: Map<string, number>;
    withGrants: boolean;
  } | null> {
    const statement = searchSql.terms(this.dialect, query, userId);
    const rows = await this.sql.queryShapedRows<{
      id: number;
      term: string;
      has_grants: number | string;
    }>(statement.sql, statement.parameters);
    const ids = new Map(rows.map((row) => [row.term, Number(row.id)]));
    const clauses: ResolvedClause[] = [];
    for (const clause of query.clauses) {
      const found = clause.prefix
        ? rows.filter((row) => row.term.startsWith(clause.terms[0])).map((row) => Number(row.id))
        : clause.terms.map((term) => ids.get(term));
      if (found.length === 0 || found.some((id) => id === undefined)) return null;
      clauses.push({ ...clause, ids: found as number[] });
    }
    return { clauses, terms: ids, withGrants: Number(rows[0].has_grants) === 1 };
  }
}

/**
 * The weight the query's terms have in a title (`TITLE_WEIGHT` per occurrence): when a
 * document's weight of them is no more, its text has none of them, and its snippet is the
 * text's beginning without reading further.
 */
function titleWeight(searchTitle: string | null, terms: Map<string, number>): number {
  let weight = 0;
  for (const term of (searchTitle ?? '').split(' ')) if (terms.has(term)) weight += TITLE_WEIGHT;
  return weight;
}
