import { TITLE_WEIGHT } from '../common/text/search-terms';
import type { SqlDialect } from '../database/raw-sql';
import { paddedLengths, placeholders } from '../database/sql-lists';
import type { StatementList } from '../database/statement-catalogue';
import { USER_OWN_COUNT, userReachUpTo } from '../docs/access/grants-sql';
import { RARE_TERM_DOCS, postingKeyIs } from '../docs/documents/search-postings.repository';
import {
  candidates,
  carriesFirstGroup,
  jsonRows,
  scoredByCandidates,
  straight,
} from './search-candidates';
import { MAX_QUERY_WORDS } from './search-query';
import { Piece, SearchShape, SearchStatement, piece } from './search-shape';

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
  ${straight[dialect]} search_postings p ON ${postingKeyIs(dialect, 'p', 'c.doc_id', 'q.term_id')}`;
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
