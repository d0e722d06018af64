/**
 * What a search statement's text depends on (its shape), the values its parameters are taken
 * from, and the pieces statements are built of (`search-candidates.ts`, `search.statements.ts`).
 */

/** Whose documents a search reads: the caller's `user_docs` rows, or every way they have in. */
export type SearchReach = 'member' | 'everyWay';

/**
 * Which of them: all; one role (`role`); their own (`own`); their own in one folder and its
 * subfolders (`ownFolder`). Owners are always in `user_docs`: their own need no other way in.
 */
export type SearchFilter = 'all' | 'role' | 'own' | 'ownFolder';

/** What decides a search statement's text; every combination is in the catalogue. */
export interface SearchShape {
  /**
   * Which side the search starts from: the caller's documents, each looked up in the postings
   * (`caller`), or the documents of the first group's terms, all rare, each looked up in the
   * caller's ways in (`word`). The smaller, as the counts say before the search runs.
   */
  start: 'caller' | 'word';
  reach: SearchReach;
  /** `own` and `ownFolder` only with `member`. */
  filter: SearchFilter;
  /** Whether the query has one group of terms (a word or a prefix) or more. */
  manyGroups: boolean;
  /**
   * Whether the group the search starts from has one term (a word, or a prefix that begins one
   * word): joined by its id, each document of the caller has one row, and nothing is grouped.
   */
  firstTermOnly: boolean;
  /**
   * With `firstTermOnly`, whether every other group has one term too: then each group is one
   * row of a document, and its rows are grouped once (by document) instead of twice.
   */
  otherTermsOnly: boolean;
  /** Whether it has phrases (then it has more than one group). */
  phrases: boolean;
}

/**
 * The values a statement's parameters are taken from, by name: a statement lists the names in
 * the order of its `?`.
 */
export interface SearchValues {
  userId: number;
  /** The role of `role`. */
  role: string;
  /** The id of the group the search starts from, when it has one (`firstTermOnly`). */
  firstTerm: number;
  /** JSON: the ids of the group the search starts from, `[id, ...]`. */
  firstTerms: string;
  /**
   * JSON: every group's ids, `[[group, id, scored, counted], ...]`: scored 0 for a phrase's
   * words; counted 1 on the first row of each distinct term (`query_weight` counts it once).
   */
  groups: string;
  groupCount: number;
  /** Whether the first group counts in the score (1; 0 for a phrase's word). */
  firstScored: number;
  /** JSON: the phrases as they are in the terms (see `clauseText`), `[" a b ", ...]`. */
  phrases: string;
  /** `ownFolder`: the folder's path hash, its path and `/`, and that prefix's length. */
  pathHash: string;
  pathPrefix: string;
  pathPrefixLength: number;
  limit: number;
  offset: number;
}

/** A statement's text and the names of its parameters, in order. */
export interface SearchStatement {
  sql: string;
  parameters: (keyof SearchValues)[];
}

/** A piece of a statement: its SQL and the names of the parameters it adds, in order. */
export type Piece = SearchStatement;
export const piece = (sql: string, ...parameters: (keyof SearchValues)[]): Piece => ({
  sql,
  parameters,
});
