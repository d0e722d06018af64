import { TITLE_WEIGHT } from '../common/text/search-terms';
import type { SqlDialect } from '../database/raw-sql';
import { paddedLengths, placeholders } from '../database/sql-lists';
import type { StatementList } from '../database/statement-catalogue';
import {
  USER_DOCS_BY_DOC,
  USER_OWN_COUNT,
  userDocsAmong,
  userReachUpTo,
  userDocsThroughEveryWay,
} from '../docs/documents/grants-sql';
import { RARE_TERM_DOCS } from '../docs/documents/search-postings.repository';
import { MAX_QUERY_WORDS } from './search-query';

/**
 * The search statements, each text fixed by its shape (never by the query's words, prefixes or
 * phrases, which travel as JSON parameters), on the posting index (`search_terms`,
 * `search_postings`, written with each document: see `SearchPostingsRepository`).
 *
 * A query is a list of groups of term ids, each of which a document must have at least one of:
 * a word is a group of one id, a prefix a group of every term it begins, a phrase a group per
 * word (and its words must then be next to each other: checked on the terms the document stores).
 *
 * Relevance: for each word or prefix, the natural log of 1 + its weight in the document (4 per
 * occurrence in the title, 1 per occurrence in the text; a prefix adds up the words it begins),
 * and for each phrase the same of its occurrences in the document's terms, summed; the same
 * counts and `LN` give the same figure on both databases.
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
type Piece = SearchStatement;
const piece = (sql: string, ...parameters: (keyof SearchValues)[]): Piece => ({ sql, parameters });

/** How each database reads a JSON parameter as rows. */
const jsonRows = {
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
const straight: Record<SqlDialect, string> = { mysql: 'STRAIGHT_JOIN', sqlite: 'CROSS JOIN' };

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
      piece(`${join} search_postings p0 ON p0.doc_id = ${doc} AND p0.term_id = ?`, 'firstTerm');
  }
  return (doc) =>
    piece(
      `${join} ${jsonRows.ids[dialect]('first_terms')}
    ${join} search_postings p0 ON p0.doc_id = ${doc} AND p0.term_id = first_terms.term_id`,
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
function candidates(dialect: SqlDialect, shape: SearchShape): Piece {
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
      ${join} search_postings p ON p.doc_id = r.doc_id AND p.term_id = r.term_id
      GROUP BY r.doc_id`,
        'firstTerms',
      );
  /** The word's weight in the document `doc` of the caller: its posting, by its key. */
  const weightOf = (doc: string) =>
    word
      ? piece(`\n  ${join} search_postings p ON p.doc_id = ${doc} AND p.term_id = ?`, 'firstTerm')
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
 * The candidates that have a term of every group, each with its score and `query_weight`: each
 * candidate looked up by (document, term) for each term of each group, summed by group, then by
 * document.
 */
function everyGroup(dialect: SqlDialect, shape: SearchShape): Piece {
  const found = candidates(dialect, shape);
  const carried = carriesFirstGroup(shape);
  // The first group's score and weight, when the candidates carry it.
  const first = (weight: string) =>
    carried
      ? { score: `LN(1 + MIN(${weight})) * ? + `, weight: `MIN(${weight}) + ` }
      : { score: '', weight: '' };
  const lookups = `FROM (${found.sql}) c
  ${straight[dialect]} ${jsonRows.groups[dialect]('q')}
  ${straight[dialect]} search_postings p ON p.doc_id = c.doc_id AND p.term_id = q.term_id`;
  const firstScored = carried ? (['firstScored'] as const) : [];
  if (shape.firstTermOnly && shape.otherTermsOnly) {
    // A row per group: grouped once.
    const { score, weight } = first('c.first_weight');
    return piece(
      `SELECT c.doc_id AS doc_id, MIN(c.role) AS role, MAX(c.updated_at) AS updated_at,
    ${score}SUM(LN(1 + p.weight) * q.scored) AS score,
    ${weight}SUM(p.weight * q.counted) AS query_weight
  ${lookups}
  GROUP BY c.doc_id
  HAVING COUNT(*) = ?`,
      ...firstScored,
      ...found.parameters,
      'groups',
      'groupCount',
    );
  }
  const { score, weight } = first('scored.first_weight');
  return piece(
    `SELECT scored.doc_id AS doc_id, MIN(scored.role) AS role, MAX(scored.updated_at) AS updated_at,
    ${score}SUM(scored.group_score) AS score, ${weight}SUM(scored.group_weight) AS query_weight
FROM (
  SELECT c.doc_id AS doc_id, MIN(c.role) AS role, MAX(c.updated_at) AS updated_at,${carried ? '\n    MIN(c.first_weight) AS first_weight,' : ''}
    LN(1 + SUM(p.weight)) * MAX(q.scored) AS group_score, SUM(p.weight * q.counted) AS group_weight
  ${lookups}
  GROUP BY c.doc_id, q.grp
) scored
GROUP BY scored.doc_id
HAVING COUNT(*) = ?`,
    ...firstScored,
    ...found.parameters,
    'groups',
    'groupCount',
  );
}

/**
 * A document's title and text terms; on MySQL with a space at each end, so that every term has
 * one on both sides, and compared byte by byte (the terms are ASCII; the column's collation
 * would fold case and accents, four times slower). SQLite's functions pad them virtually.
 */
const termColumns: Record<SqlDialect, { title: string; body: string }> = {
  mysql: {
    title: "CAST(CONCAT(' ', d.search_title, ' ') AS BINARY)",
    body: "CAST(CONCAT(' ', d.search_body, ' ') AS BINARY)",
  },
  sqlite: { title: 'd.search_title', body: 'd.search_body' },
};

/**
 * How many times a phrase (`ph.pattern`) occurs in the terms. SQLite's `instr` and `replace`
 * compare byte by byte at every offset, so there the functions of `SEARCH_SQLITE_FUNCTIONS`
 * (JavaScript's string search) do it.
 */
const occurrences: Record<SqlDialect, (terms: string) => string> = {
  mysql: (terms) =>
    `(LENGTH(${terms}) - LENGTH(REPLACE(${terms}, ph.pattern, ''))) DIV LENGTH(ph.pattern)`,
  sqlite: (terms) => `search_occurrences(${terms}, ph.pattern)`,
};

/** Whether a phrase (`ph.pattern`) occurs in the terms. */
const occurs: Record<SqlDialect, (terms: string) => string> = {
  mysql: (terms) => `INSTR(${terms}, ph.pattern) > 0`,
  sqlite: (terms) => `search_occurs(${terms}, ph.pattern)`,
};

/**
 * Whether the candidates are the matches, scored: one group, through `user_docs` (one row per
 * document; through every way, a document has a row per way).
 */
const scoredByCandidates = (shape: SearchShape) =>
  !shape.manyGroups && (shape.reach === 'member' || shape.start === 'word');

/** The documents that match, each with its role, `updated_at` and score. */
function matches(dialect: SqlDialect, shape: SearchShape): Piece {
  if (scoredByCandidates(shape)) return candidates(dialect, shape);
  const grouped = everyGroup(dialect, shape);
  if (!shape.phrases) return grouped;
  // Of those, the ones where each phrase's words are next to each other, in order.
  const { title, body } = termColumns[dialect];
  const phraseRows = jsonRows.phrases[dialect]('ph');
  return piece(
    `SELECT m.doc_id AS doc_id, m.role AS role, m.updated_at AS updated_at,
    m.query_weight AS query_weight, m.score + (SELECT SUM(LN(1 + ${TITLE_WEIGHT} * ${occurrences[dialect](title)} + ${occurrences[dialect](body)}))
      FROM ${phraseRows}) AS score
FROM (${grouped.sql}) m
${straight[dialect]} docs d ON d.id = m.doc_id
WHERE NOT EXISTS (SELECT 1 FROM ${phraseRows}
  WHERE NOT (${occurs[dialect](title)} OR ${occurs[dialect](body)}))`,
    'phrases',
    ...grouped.parameters,
    'phrases',
  );
}

/**
 * One page of matches, best first (then most recently updated), each with the total: the page
 * and its total are one moment of the index. Each row also has its title's terms and the weight
 * of the query's terms in it (`query_weight`, each term once): whether its text has a match
 * follows (see `SearchRepository`).
 */
export function searchPageStatement(dialect: SqlDialect, shape: SearchShape): SearchStatement {
  const found = matches(dialect, shape);
  return piece(
    `SELECT page.total_count, d.uuid AS uuid,
  d.title AS title, d.owner_id AS owner_id, f.path AS path, d.updated_at AS updated_at,
  d.version AS version, d.html AS html, page.role AS role, d.search_title AS search_title,
  page.query_weight AS query_weight
FROM (
  SELECT COUNT(*) OVER () AS total_count, found.*
  FROM (${found.sql}) found
  ORDER BY score DESC, updated_at DESC, doc_id DESC
  LIMIT ? OFFSET ?
) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
ORDER BY page.score DESC, page.updated_at DESC, page.doc_id DESC`,
    ...found.parameters,
    'limit',
    'offset',
  );
}

/** How many documents match: for a page past the end, which has no row to carry the total. */
export function searchCountStatement(dialect: SqlDialect, shape: SearchShape): SearchStatement {
  const found = matches(dialect, shape);
  return piece(`SELECT COUNT(*) AS n FROM (${found.sql}) found`, ...found.parameters);
}

/**
 * The ids of some words (`words` of them, padded: see `paddedList`) and of the terms a prefix
 * begins (`prefix`), with how many documents each has been in (`doc_count`, up to
 * `RARE_TERM_DOCS`), each row also saying how many documents the user reaches through
 * `user_docs` (`member_reach`) and through grants (`granted_reach`), each counted up to
 * `RARE_TERM_DOCS`, and how many they own (`own_docs`), so that the search knows which way to
 * read and which side to start from. Parameters: user id four times, the words, the prefix's
 * pattern.
 */
export function searchTermsStatement(dialect: SqlDialect, words: number, prefix: boolean): string {
  const conditions = [
    ...(words > 0 ? [`term IN (${placeholders(words)})`] : []),
    ...(prefix ? [dialect === 'mysql' ? 'term LIKE ?' : 'term GLOB ?'] : []),
  ];
  const reach = userReachUpTo(dialect, RARE_TERM_DOCS);
  return `SELECT id, term, doc_count, ${reach.member} AS member_reach,
  ${reach.granted} AS granted_reach, ${USER_OWN_COUNT} AS own_docs
FROM search_terms WHERE ${conditions.join(' OR ')}`;
}

/** How a prefix is written for `searchTermsStatement`: terms are letters and digits, no wildcard. */
export const prefixPattern: Record<SqlDialect, (prefix: string) => string> = {
  mysql: (prefix) => `${prefix}%`,
  sqlite: (prefix) => `${prefix}*`,
};

/** Every shape a search statement has. */
export function searchShapes(): SearchShape[] {
  const shapes: SearchShape[] = [];
  const groupings = [
    { manyGroups: false, phrases: false },
    { manyGroups: true, phrases: false },
    { manyGroups: true, phrases: true },
  ].flatMap((grouping) => [
    { ...grouping, firstTermOnly: true, otherTermsOnly: false },
    { ...grouping, firstTermOnly: false, otherTermsOnly: false },
    ...(grouping.manyGroups ? [{ ...grouping, firstTermOnly: true, otherTermsOnly: true }] : []),
  ]);
  for (const start of ['caller', 'word'] as const) {
    for (const grouping of groupings) {
      for (const filter of ['all', 'role', 'own', 'ownFolder'] as const) {
        shapes.push({ start, reach: 'member', filter, ...grouping });
      }
      for (const filter of ['all', 'role'] as const) {
        shapes.push({ start, reach: 'everyWay', filter, ...grouping });
      }
    }
  }
  return shapes;
}

/** A shape's name in the catalogue: `member.all.oneGroup.firstTerm`, ... */
const shapeName = (shape: SearchShape) =>
  `${shape.start === 'word' ? 'fromWords.' : ''}${shape.reach}.${shape.filter}.${shape.phrases ? 'phrases' : shape.manyGroups ? 'groups' : 'oneGroup'}` +
  `.${shape.otherTermsOnly ? 'termEach' : shape.firstTermOnly ? 'firstTerm' : 'firstTerms'}`;

export const searchStatements: StatementList = (dialect) => {
  const list: Record<string, string> = {};
  for (const words of [0, ...paddedLengths(MAX_QUERY_WORDS)]) {
    for (const prefix of [false, true]) {
      if (words > 0 || prefix)
        list[`terms.words${words}${prefix ? '.prefix' : ''}`] = searchTermsStatement(
          dialect,
          words,
          prefix,
        );
    }
  }
  for (const shape of searchShapes()) {
    list[`page.${shapeName(shape)}`] = searchPageStatement(dialect, shape).sql;
    list[`count.${shapeName(shape)}`] = searchCountStatement(dialect, shape).sql;
  }
  return list;
};
