import type { SqlDialect } from '../database/raw-sql';
import { postingKeyIs } from '../docs/documents/search-postings.repository';
import {
  USER_DOCS_BY_DOC,
  userDocsAmong,
  userDocsThroughEveryWay,
} from '../docs/access/grants-sql';
import { Piece, SearchShape, piece } from './search-shape';

/**
 * The candidates of a search: the caller's documents that have a term of the query's first
 * group, found from the caller's side or from the words' (see `SearchShape.start`), each with
 * its role and `updated_at`, and with its score when they are the matches. `search.statements.ts`
 * builds the statements on them.
 */

/** How each database reads a JSON parameter as rows. */
export const jsonRows = {
  /** `[id, ...]` as rows of `term_id`. */
  ids: {
    mysql: (alias: string) => `JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$')) ${alias}`,
    sqlite: (alias: string) => `(SELECT value AS term_id FROM json_each(?)) ${alias}`,
  },
  /** `[[group, id, scored, counted], ...]` as rows of `grp`, `term_id`, `scored`, `counted`. */
  groups: {
    mysql: (alias: string) =>
      `JSON_TABLE(?, '$[*]' COLUMNS (grp INT PATH '$[0]', term_id INT PATH '$[1]',
    scored INT PATH '$[2]', counted INT PATH '$[3]')) ${alias}`,
    sqlite: (alias: string) =>
      `(SELECT json_extract(value, '$[0]') AS grp, json_extract(value, '$[1]') AS term_id,
      json_extract(value, '$[2]') AS scored, json_extract(value, '$[3]') AS counted
    FROM json_each(?)) ${alias}`,
  },
  /** `["pattern", ...]` as rows of `pattern`. */
  phrases: {
    mysql: (alias: string) =>
      `JSON_TABLE(?, '$[*]' COLUMNS (pattern VARCHAR(4000) PATH '$')) ${alias}`,
    sqlite: (alias: string) => `(SELECT value AS pattern FROM json_each(?)) ${alias}`,
  },
} satisfies Record<string, Record<SqlDialect, (alias: string) => string>>;

/** A join that the planner must take in the order written. */
export const straight: Record<SqlDialect, string> = {
  mysql: 'STRAIGHT_JOIN',
  sqlite: 'CROSS JOIN',
};

/**
 * Joined to a document of the caller (`doc`), keeps it when it has a term of the first group,
 * a row per such term: `p0.weight` is its weight. Parameters: the first group's id or ids.
 * Through `user_docs`, the caller's documents come first (their range is read in order); through
 * every way the planner chooses, as for any join (from the postings when they are few).
 */
function holdsFirstGroup(dialect: SqlDialect, shape: SearchShape): (doc: string) => Piece {
  const join = shape.reach === 'member' ? straight[dialect] : 'JOIN';
  if (shape.firstTermOnly) {
    return (doc) =>
      piece(`${join} search_postings p0 ON ${postingKeyIs(dialect, 'p0', doc, '?')}`, 'firstTerm');
  }
  return (doc) =>
    piece(
      `${join} ${jsonRows.ids[dialect]('first_terms')}
    ${join} search_postings p0 ON ${postingKeyIs(dialect, 'p0', doc, 'first_terms.term_id')}`,
      'firstTerms',
    );
}

/** A folder and its subfolders, as a condition on `d.folder_id` (paths compare as written). */
function inFolder(dialect: SqlDialect): Piece {
  const binary = dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : '';
  return piece(
    ` AND d.folder_id IN (SELECT id FROM folders WHERE user_id = ?
    AND (path_hash = ? OR SUBSTR(path, 1, ?)${binary} = ?))`,
    'userId',
    'pathHash',
    'pathPrefixLength',
    'pathPrefix',
  );
}

/** The shape's filter as conditions on the caller's `user_docs` row (`me`; `d` for a folder). */
function memberFilter(dialect: SqlDialect, shape: SearchShape): Piece {
  const folder = shape.filter === 'ownFolder' ? inFolder(dialect) : piece('');
  return {
    all: piece(''),
    role: piece(' AND me.role = ?', 'role'),
    // Only the owner has the owner's role; a scan reads those rows alone (an index starts with it).
    own: piece(" AND me.role = 'owner'"),
    ownFolder: piece(` AND me.role = 'owner'${folder.sql}`, ...folder.parameters),
  }[shape.filter];
}

/**
 * The caller's documents with a term of the first group (`doc_id`, `role`, `updated_at`), each
 * once; when they are the matches (`scoredByCandidates`), each with its score and `query_weight`
 * too. From the caller's documents (a range of their `user_docs` rows, or each way in), each
 * looked up by (document, term) in the postings: the cost is a few lookups per document of the
 * caller, whatever the words.
 */
export function candidates(dialect: SqlDialect, shape: SearchShape): Piece {
  if (shape.start === 'word') return candidatesFromWords(dialect, shape);
  const holds = holdsFirstGroup(dialect, shape);
  if (shape.reach === 'everyWay') {
    const join = holds('').parameters;
    const ways = piece(
      userDocsThroughEveryWay((doc) => holds(doc).sql),
      ...join,
      'userId',
      ...join,
      'userId',
      ...join,
      'userId',
    );
    if (shape.filter === 'all') return ways;
    return piece(
      `SELECT doc_id, role, updated_at FROM (${ways.sql}) reached WHERE role = ?`,
      ...ways.parameters,
      'role',
    );
  }
  const filters = memberFilter(dialect, shape);
  const docs =
    shape.filter === 'ownFolder' ? `\n    ${straight[dialect]} docs d ON d.id = me.doc_id` : '';
  const first = holds('me.doc_id');
  const from = `FROM user_docs me ${first.sql}${docs}
  WHERE me.user_id = ?${filters.sql}`;
  const parameters = [...first.parameters, 'userId' as const, ...filters.parameters];
  const scored = scoredByCandidates(shape);
  if (shape.firstTermOnly) {
    // One row per document: nothing to group.
    const score = scored
      ? ',\n    LN(1 + p0.weight) AS score, p0.weight AS query_weight'
      : ', p0.weight AS first_weight';
    return piece(
      `SELECT me.doc_id AS doc_id, me.role AS role, me.doc_updated_at AS updated_at${score}
  ${from}`,
      ...parameters,
    );
  }
  const score = scored
    ? ',\n    LN(1 + SUM(p0.weight)) AS score, SUM(p0.weight) AS query_weight'
    : '';
  return piece(
    `SELECT me.doc_id AS doc_id, MIN(me.role) AS role, MAX(me.doc_updated_at) AS updated_at${score}
  ${from}
  GROUP BY me.doc_id`,
    ...parameters,
  );
}

/**
 * The documents of the first group's terms (all rare: kept by term), each once with its weight
 * of them, that the caller has (`userDocsAmong`, or through `user_docs` alone when no grant
 * reaches them): a few lookups per document of the words, however many the caller has. Each
 * with `doc_id`, `role`, `updated_at`, `first_weight`; when they are the matches, scored. A
 * word's weight is looked up for the documents the caller has only (a member of 10,000 has 12
 * of the 138 of a rare word); a prefix's terms are summed per document first (a document has
 * rows of several terms).
 */
function candidatesFromWords(dialect: SqlDialect, shape: SearchShape): Piece {
  const join = straight[dialect];
  const word = shape.firstTermOnly;
  const words = word
    ? piece(
        `SELECT r.doc_id AS doc_id FROM search_rare_postings r WHERE r.term_id = ?`,
        'firstTerm',
      )
    : piece(
        `SELECT r.doc_id AS doc_id, SUM(p.weight) AS weight FROM ${jsonRows.ids[dialect]('first_terms')}
      ${join} search_rare_postings r ON r.term_id = first_terms.term_id
      ${join} search_postings p ON ${postingKeyIs(dialect, 'p', 'r.doc_id', 'r.term_id')}
      GROUP BY r.doc_id`,
        'firstTerms',
      );
  /** The word's weight in the document `doc` of the caller: its posting, by its key. */
  const weightOf = (doc: string) =>
    word
      ? piece(
          `\n  ${join} search_postings p ON ${postingKeyIs(dialect, 'p', doc, '?')}`,
          'firstTerm',
        )
      : piece('');
  let found: Piece;
  if (shape.reach === 'everyWay') {
    const ways = piece(
      userDocsAmong(dialect, words.sql, !word),
      ...[...words.parameters, 'userId' as const],
      ...[...words.parameters, 'userId' as const],
      ...[...words.parameters, 'userId' as const],
    );
    const weight = weightOf('reached.doc_id');
    const role = shape.filter === 'all' ? piece('') : piece(' WHERE reached.role = ?', 'role');
    found =
      !word && shape.filter === 'all'
        ? ways
        : piece(
            `SELECT reached.doc_id AS doc_id, reached.role AS role, reached.updated_at AS updated_at,
    ${word ? 'p.weight' : 'reached.first_weight'} AS first_weight
  FROM (${ways.sql}) reached${weight.sql}${role.sql}`,
            ...ways.parameters,
            ...weight.parameters,
            ...role.parameters,
          );
  } else {
    const filter = memberFilter(dialect, shape);
    const docs = shape.filter === 'ownFolder' ? `\n  ${join} docs d ON d.id = w.doc_id` : '';
    const weight = weightOf('w.doc_id');
    found = piece(
      `SELECT w.doc_id AS doc_id, me.role AS role, me.doc_updated_at AS updated_at, ${word ? 'p.weight' : 'w.weight'} AS first_weight
  FROM (${words.sql}) w
  ${join} ${USER_DOCS_BY_DOC[dialect]} ON me.user_id = ? AND me.doc_id = w.doc_id${docs}${weight.sql}
  WHERE 1 = 1${filter.sql}`,
      ...words.parameters,
      'userId',
      ...weight.parameters,
      ...filter.parameters,
    );
  }
  if (!scoredByCandidates(shape)) return found;
  return piece(
    `SELECT c.doc_id AS doc_id, c.role AS role, c.updated_at AS updated_at,
    LN(1 + c.first_weight) AS score, c.first_weight AS query_weight
  FROM (${found.sql}) c`,
    ...found.parameters,
  );
}

/**
 * Whether the candidates carry their weight of the first group (`first_weight`): one row per
 * document, from the words, or of the caller joined by the first group's one term. The other
 * groups are then looked up alone (`groups` holds them, not the first).
 */
export const carriesFirstGroup = (shape: SearchShape) =>
  shape.manyGroups && (shape.start === 'word' || (shape.firstTermOnly && shape.reach === 'member'));

/**
 * Whether the candidates are the matches, scored: one group, through `user_docs` (one row per
 * document; through every way, a document has a row per way).
 */
export const scoredByCandidates = (shape: SearchShape) =>
  !shape.manyGroups && (shape.reach === 'member' || shape.start === 'word');
