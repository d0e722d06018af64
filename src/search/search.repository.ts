import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { paddedList } from '../database/sql-lists';
import { TITLE_WEIGHT } from '../common/text/search-terms';
import type { Role } from '../docs/access/doc-access';
import { RARE_TERM_DOCS } from '../docs/documents/search-postings.repository';
import { SearchQuery, clauseText, occurrencesIn, occursIn } from './search-query';
import { carriesFirstGroup } from './search-candidates';
import { SearchShape, SearchStatement, SearchValues } from './search-shape';
import {
  prefixPattern,
  searchCountStatement,
  searchPageStatement,
  searchTermsStatement,
} from './search.statements';

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

/** The SQL functions the SQLite statements use (see `occurrencesIn`). */
const SEARCH_SQLITE_FUNCTIONS = { search_occurrences: occurrencesIn, search_occurs: occursIn };

/**
 * A query as the statements take it: groups of term ids, a document must have one of each
 * (see `search.statements.ts`), its phrases, and every term it matches by its id.
 */
interface ResolvedQuery {
  /** `docs`: how many documents the group's terms have been in; `rare`: each is rare. */
  groups: { ids: number[]; scored: boolean; docs: number; rare: boolean }[];
  phrases: string[];
  terms: Map<string, number>;
  /** Whether grants reach the caller (so the search reads every way in). */
  withGrants: boolean;
  /**
   * How many documents every way in reaches (up to `RARE_TERM_DOCS` a way, enough to compare
   * with a rare word's), and how many the caller owns.
   */
  callerReach: number;
  ownDocs: number;
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
    const resolved = await this.resolve(query, userId);
    if (resolved === null) return { rows: [], totalCount: 0 };
    // From the rarest group's documents when it is rare and they are fewer than the caller's;
    // otherwise from the caller's, looking up the group with the fewest terms (a word before
    // a prefix).
    const rarest = resolved.groups.reduce((best, group) => (group.docs < best.docs ? group : best));
    const callerDocs = scope.own !== undefined ? resolved.ownDocs : resolved.callerReach;
    const start = rarest.rare && rarest.docs < callerDocs ? 'word' : 'caller';
    const first =
      start === 'word'
        ? rarest
        : resolved.groups.reduce((best, group) =>
            group.ids.length < best.ids.length ? group : best,
          );
    const shape: SearchShape = {
      start,
      reach: resolved.withGrants && scope.own === undefined ? 'everyWay' : 'member',
      filter:
        scope.own !== undefined
          ? scope.own.folder
            ? 'ownFolder'
            : 'own'
          : scope.role !== undefined
            ? 'role'
            : 'all',
      manyGroups: resolved.groups.length > 1,
      phrases: resolved.phrases.length > 0,
      firstTermOnly: first.ids.length === 1,
      otherTermsOnly: resolved.groups.every((group) => group.ids.length === 1),
    };
    // Those the candidates carry (the first) are not looked up again.
    const carried = carriesFirstGroup(shape);
    const firstIndex = resolved.groups.indexOf(first);
    const lookedUp = groupRows(resolved.groups, firstIndex).filter(
      ([index]) => !carried || index !== firstIndex,
    );
    const prefix = scope.own?.folder ? `${scope.own.folder.path}/` : '';
    const values: SearchValues = {
      userId,
      role: scope.role ?? '',
      firstTerm: first.ids[0],
      firstTerms: JSON.stringify(first.ids),
      groups: JSON.stringify(lookedUp),
      groupCount: resolved.groups.length - (carried ? 1 : 0),
      firstScored: first.scored ? 1 : 0,
      phrases: JSON.stringify(resolved.phrases),
      pathHash: scope.own?.folder?.pathHash ?? '',
      pathPrefix: prefix,
      pathPrefixLength: [...prefix].length,
      limit,
      offset,
    };
    const page = searchPageStatement(this.dialect, shape);
    const found = await this.sql.rows<PageRow>(page.sql, valuesOf(page, values));
    const rows = found.map(({ search_title, query_weight, ...row }) => ({
      ...row,
      textMatches: Number(query_weight) > titleWeight(search_title, resolved.terms),
    }));
    if (rows.length > 0) return { rows, totalCount: Number(rows[0].total_count) };
    if (offset === 0) return { rows, totalCount: 0 };
    const count = searchCountStatement(this.dialect, shape);
    const [counted] = await this.sql.rows<{ n: number | string }>(
      count.sql,
      valuesOf(count, values),
    );
    return { rows, totalCount: Number(counted.n) };
  }

  /**
   * The query's groups of term ids, from the terms read first (the words and a prefix in one
   * statement, each further prefix in its own); null when a word or prefix is in no document,
   * so nothing matches.
   */
  private async resolve(query: SearchQuery, userId: number): Promise<ResolvedQuery | null> {
    const words = [...new Set(query.clauses.flatMap((c) => (c.prefix ? [] : c.terms)))];
    const prefixes = query.clauses.filter((clause) => clause.prefix).map((c) => c.terms[0]);
    const lookups: { words: string[]; prefix?: string }[] = [];
    if (words.length > 0 || prefixes.length > 0) lookups.push({ words, prefix: prefixes[0] });
    for (const prefix of prefixes.slice(1)) lookups.push({ words: [], prefix });
    const rows: TermRow[] = [];
    for (const lookup of lookups) {
      const padded = lookup.words.length > 0 ? paddedList(lookup.words) : [];
      const prefix =
        lookup.prefix === undefined ? [] : [prefixPattern[this.dialect](lookup.prefix)];
      rows.push(
        ...(await this.sql.rows<TermRow>(
          searchTermsStatement(this.dialect, padded.length, prefix.length > 0),
          [...Array<number>(4).fill(userId), ...padded, ...prefix],
        )),
      );
    }
    const ids = new Map(rows.map((row) => [row.term, Number(row.id)]));
    const docCounts = new Map(rows.map((row) => [Number(row.id), Number(row.doc_count)]));
    const group = (groupIds: number[], scored: boolean) => ({
      ids: groupIds,
      scored,
      docs: groupIds.reduce((sum, id) => sum + (docCounts.get(id) ?? 0), 0),
      rare: groupIds.every((id) => (docCounts.get(id) ?? 0) < RARE_TERM_DOCS),
    });
    const groups: ResolvedQuery['groups'] = [];
    const phrases: string[] = [];
    for (const clause of query.clauses) {
      if (clause.prefix) {
        const begun = [...ids].filter(([term]) => term.startsWith(clause.terms[0]));
        if (begun.length === 0) return null;
        groups.push(
          group(
            begun.map(([, id]) => id),
            true,
          ),
        );
        continue;
      }
      const found = clause.terms.map((term) => ids.get(term));
      if (found.some((id) => id === undefined)) return null;
      const phrase = found.length > 1;
      // A phrase's words are each in the document; its score is its own (see `phrases`).
      for (const id of found as number[]) groups.push(group([id], !phrase));
      if (phrase) phrases.push(clauseText(clause));
    }
    return {
      groups,
      phrases,
      terms: ids,
      withGrants: Number(rows[0].granted_reach) > 0,
      callerReach: Number(rows[0].member_reach) + Number(rows[0].granted_reach),
      ownDocs: Number(rows[0].own_docs),
    };
  }
}

interface TermRow {
  id: number;
  term: string;
  doc_count: number | string;
  member_reach: number | string;
  granted_reach: number | string;
  own_docs: number | string;
}

/**
 * The groups as the statements read them: `[group, id, scored, counted]`, counted on one row of
 * each distinct term (a term may be in several groups: a word and a phrase's word), the first
 * group's own (the candidates may carry its weight).
 */
function groupRows(groups: ResolvedQuery['groups'], firstIndex: number): number[][] {
  const seen = new Set<number>(groups[firstIndex].ids);
  return groups.flatMap((group, index) =>
    group.ids.map((id) => {
      const counted = index === firstIndex || !seen.has(id) ? 1 : 0;
      seen.add(id);
      return [index, id, group.scored ? 1 : 0, counted];
    }),
  );
}

/** A statement's parameters, from its names. */
function valuesOf(statement: SearchStatement, values: SearchValues): unknown[] {
  return statement.parameters.map((name) => values[name]);
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
