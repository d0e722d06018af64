import { FolderPath } from '../../folders/folder-path';
import { SqlDialect } from '../../database/raw-sql';
import type { Role } from './doc-access';

/**
 * The SQL of the ways to a document besides `user_docs` (the owner and the users it is shared
 * with directly): grants (`doc_grants`) to a group the user is in, or to the user through a
 * folder share. A user's role on a document is the best of every way they have it.
 */

/** Roles as numbers, the best first: the best of several ways to a document is the least. */
export const ROLE_RANKS: Record<Role, number> = { owner: 1, editor: 2, viewer: 3 };
const RANKED_ROLES: Role[] = ['owner', 'editor', 'viewer'];
export const rankOf = (column: string) =>
  `CASE ${column} WHEN 'owner' THEN 1 WHEN 'editor' THEN 2 ELSE 3 END`;

/** The role of a rank from SQL; undefined for none. */
export function roleOfRank(rank: number | string | null | undefined): Role | undefined {
  return rank === null || rank === undefined ? undefined : RANKED_ROLES[Number(rank) - 1];
}

/** The better of a `user_docs` role and a grants' rank; undefined when there is neither. */
export function bestRole(
  direct: Role | null | undefined,
  grantRank: number | string | null | undefined,
): Role | undefined {
  const granted = roleOfRank(grantRank);
  if (!direct) return granted;
  if (!granted) return direct;
  return ROLE_RANKS[direct] <= ROLE_RANKS[granted] ? direct : granted;
}

/**
 * Whether a grant (`doc_grants` row `alias`) is the user's: given to them, or to a group they
 * are in. Parameters: user id, user id.
 */
export const grantedTo = (alias: string) =>
  `(${alias}.grantee_type = 'user' AND ${alias}.grantee_id = ? OR ${alias}.grantee_type = 'group' AND ${alias}.grantee_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ?))`;

/**
 * Whether the user has document `d`: as a member, or through a grant. Parameters: user id
 * three times.
 */
export const USER_HAS_DOC = `(EXISTS (SELECT 1 FROM user_docs me WHERE me.doc_id = d.id AND me.user_id = ?)
  OR EXISTS (SELECT 1 FROM doc_grants g WHERE g.doc_id = d.id AND g.trashed = 0 AND ${grantedTo('g')}))`;

/**
 * The best role the user's grants give on document `d` (of a document not in the trash), as a
 * rank; NULL when none does. Parameters: user id, user id.
 */
export const GRANT_RANK = `(SELECT MIN(${rankOf('g.role')}) FROM doc_grants g
  WHERE g.doc_id = d.id AND g.trashed = 0 AND ${grantedTo('g')})`;

/**
 * 1 when grants reach the user (see `GRANTEES_SQL`), else 0: asked by the statement that
 * counts or reads a list, so a user without grants pays no statement more. From the user's
 * groups to their grants (not the other way, through every group's grants); a scalar subquery,
 * so it is evaluated once per statement. Parameters: user id twice.
 */
/**
 * Whether the group has a grant (of documents shared with it one by one, with `only`): one
 * probe of its index. A scalar subquery, not EXISTS: MariaDB turns an EXISTS in a WHERE into a
 * semi-join, which it ran by reading every group's grants (110,100 rows, 24 ms, for a member of
 * 50 groups) into a temporary table.
 */
export const groupHasGrants = (group: string, only: string) =>
  `(SELECT 1 FROM doc_grants g WHERE g.grantee_type = 'group' AND g.grantee_id = ${group}${only} LIMIT 1) IS NOT NULL`;

export const HAS_GRANTS = `(SELECT CASE WHEN EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = ?
    AND ${groupHasGrants('gm.group_id', '')})
  OR EXISTS (SELECT 1 FROM doc_grants g WHERE g.grantee_type = 'user' AND g.grantee_id = ?)
  THEN 1 ELSE 0 END)`;

/**
 * The ways a user has a document: their `user_docs` row (owner, or shared with them
 * directly), a grant to them (a folder share), a grant to a group they are in. Each is a table,
 * its document, role and copy of `updated_at`, and the condition that makes a row the user's
 * (parameter: user id). Both directions below read these, so the rules are written once.
 */
/**
 * The grants read by document: the planners otherwise take the index of a grantee's grants in
 * list order (equal on two columns, as this one), and read all of a member's grants for each
 * document (SQLite: 150 ms instead of 1 for 25 documents and a member of 20,000).
 */
const GRANTS_BY_DOC = {
  mysql: 'doc_grants g FORCE INDEX (IDX_doc_grants_doc)',
  sqlite: 'doc_grants g INDEXED BY IDX_doc_grants_doc',
};

/** A user's row of a document, by its key (MariaDB took a user's rows in list order). */
export const USER_DOCS_BY_DOC = {
  mysql: 'user_docs me FORCE INDEX (PRIMARY)',
  sqlite: 'user_docs me',
};

/** A grant (`g`) given to the user themselves (a folder share), not in the trash. */
const GRANT_TO_USER = "g.grantee_type = 'user' AND g.grantee_id = ? AND g.trashed = 0";

const WAYS = [
  {
    table: 'user_docs me',
    byDoc: USER_DOCS_BY_DOC,
    doc: 'me.doc_id',
    role: 'me.role',
    updatedAt: 'me.doc_updated_at',
    mine: 'me.user_id = ?',
  },
  {
    table: 'doc_grants g',
    byDoc: GRANTS_BY_DOC,
    doc: 'g.doc_id',
    role: 'g.role',
    updatedAt: 'g.doc_updated_at',
    mine: GRANT_TO_USER,
  },
  {
    table: 'doc_grants g',
    byDoc: GRANTS_BY_DOC,
    doc: 'g.doc_id',
    role: 'g.role',
    updatedAt: 'g.doc_updated_at',
    mine: "g.grantee_type = 'group' AND g.trashed = 0\n        AND g.grantee_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ?)",
  },
];

/** The ways' rows (`doc_id`, `way_rank`, `updated_at`, and `extra`) grouped by document. */
const bestOfWays = (arms: string[], extra = '') =>
  `SELECT ways.doc_id AS doc_id,
    CASE MIN(ways.way_rank) WHEN 1 THEN 'owner' WHEN 2 THEN 'editor' ELSE 'viewer' END AS role,
    MAX(ways.updated_at) AS updated_at${extra}
  FROM (
    ${arms.join('\n    UNION ALL\n    ')}
  ) ways
  GROUP BY ways.doc_id`;

/**
 * Every document the user has, each once, with their best role (`role`) and its `updated_at`,
 * of those a join keeps (`keep`: a join on the way's document, written by the caller; a search
 * joins the postings of its first words). Each way in is read from its index and joined before
 * the ways are grouped, so only the documents kept are grouped: the cost is a lookup per
 * document of the user, as through `user_docs` alone. Parameters: the join's, user id; the
 * join's, user id; the join's, user id.
 */
export const userDocsThroughEveryWay = (keep: (doc: string) => string) =>
  bestOfWays(
    WAYS.map(
      (way) =>
        `SELECT ${way.doc} AS doc_id, ${rankOf(way.role)} AS way_rank, ${way.updatedAt} AS updated_at
      FROM ${way.table} ${keep(way.doc)}
      WHERE ${way.mine}`,
    ),
  );

/**
 * The other direction, "which of these documents may the user see": of some documents
 * (`candidates`, a statement of rows with `doc_id`, each document once, and with `weighted` a
 * `weight`), those the user has, each once, with their best role, `updated_at` and with
 * `weighted` the candidate's weight (`first_weight`). Each candidate is looked up in each way's
 * index by document: the cost is a few lookups per candidate, however many documents the user
 * has. Parameters: the candidates', user id; three times.
 */
export const userDocsAmong = (dialect: SqlDialect, candidates: string, weighted: boolean) =>
  bestOfWays(
    WAYS.map(
      (way) =>
        `SELECT c.doc_id AS doc_id, ${rankOf(way.role)} AS way_rank, ${way.updatedAt} AS updated_at${weighted ? ', c.weight AS weight' : ''}
      FROM (${candidates}) c
      ${dialect === 'mysql' ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} ${way.byDoc[dialect]} ON ${way.doc} = c.doc_id AND ${way.mine}`,
    ),
    weighted ? ',\n    MAX(ways.weight) AS first_weight' : '',
  );

/**
 * How many documents the user reaches through `user_docs` (`member`) and through grants
 * (`granted`: to them, and to their groups), each way read row by row and no further than
 * `cap` rows: enough to compare with a number under `cap` (a rare word's documents) or with 0,
 * whatever the user has. A row per document and way (a document reached two ways counts twice).
 * Read from the rows, not the counts the writes keep: a member of 50 groups has 16,000 count
 * slots to add (3 ms on MariaDB), and no more than `cap` rows a way. Parameters: user id;
 * user id, user id.
 */
export const userReachUpTo = (dialect: SqlDialect, cap: number) => {
  const upTo = (rows: string) => `(SELECT COUNT(*) FROM (${rows} LIMIT ${cap}) reached)`;
  return {
    member: upTo('SELECT 1 AS one FROM user_docs me WHERE me.user_id = ?'),
    granted: `(${upTo(`SELECT 1 AS one FROM doc_grants g WHERE ${GRANT_TO_USER}`)}
  + ${upTo(`SELECT 1 AS one FROM group_members gm
      ${dialect === 'mysql' ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} doc_grants g ON g.grantee_type = 'group' AND g.grantee_id = gm.group_id AND g.trashed = 0
      WHERE gm.user_id = ?`)})`,
  };
};

/** How many documents the user owns, from the counts. Parameter: user id. */
export const USER_OWN_COUNT = `(SELECT COALESCE(SUM(uc.doc_count), 0) FROM user_doc_counts uc WHERE uc.user_id = ? AND uc.role = 'owner')`;

/**
 * Whether folder share `share` covers document `doc`: it shares the owner's home, the
 * document's folder, or a folder above it (the folder's path starts with the share's and `/`,
 * compared by code point). The FolderShares migration's trigger, which gives a new document
 * its grants, says the same.
 */
export const folderShareCovers = (dialect: SqlDialect, share: string, doc: string) => {
  const below =
    dialect === 'mysql'
      ? `SUBSTRING(f.path, 1, CHAR_LENGTH(${share}.path) + 1) = CONCAT(${share}.path, '/') COLLATE utf8mb4_bin`
      : `substr(f.path, 1, length(${share}.path) + 1) = ${share}.path || '/'`;
  return `(${share}.path_hash = '${FolderPath.home.hash()}' OR EXISTS (SELECT 1 FROM folders f WHERE f.id = ${doc}.folder_id
    AND (f.path_hash = ${share}.path_hash OR ${below})))`;
};

/**
 * Who may see document `?` (not in the trash): its users, the users a folder share gives it to,
 * and the members of the groups it is given to, as user ids (the webhooks' audience of a
 * document's event). Parameters: the document's id three times.
 */
export const USERS_WHO_SEE_DOC = `SELECT user_id FROM user_docs WHERE doc_id = ?
    UNION SELECT grantee_id FROM doc_grants WHERE doc_id = ? AND grantee_type = 'user' AND trashed = 0
    UNION SELECT gm.user_id FROM doc_grants g JOIN group_members gm ON gm.group_id = g.grantee_id
      WHERE g.doc_id = ? AND g.grantee_type = 'group' AND g.trashed = 0`;

/**
 * Whether the user (`user`, a column) has document `?` by any way, in the trash too (where its
 * users are kept aside and its grants suspended). Parameters: the document's id four times.
 */
export const userHasDocEvenTrashed = (user: string) => `(
  EXISTS (SELECT 1 FROM user_docs m WHERE m.doc_id = ? AND m.user_id = ${user})
  OR EXISTS (SELECT 1 FROM trashed_doc_members t WHERE t.doc_id = ? AND t.user_id = ${user})
  OR EXISTS (SELECT 1 FROM doc_grants g WHERE g.doc_id = ? AND g.grantee_type = 'user' AND g.grantee_id = ${user})
  OR EXISTS (SELECT 1 FROM doc_grants g JOIN group_members gm ON gm.group_id = g.grantee_id
    WHERE g.doc_id = ? AND g.grantee_type = 'group' AND gm.user_id = ${user}))`;
