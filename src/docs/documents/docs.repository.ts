import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { toSqlTimestamp } from '../../database/sql-values';
import { TermCounts } from '../../common/text/search-terms';
import { TransactionRunner } from '../../database/transaction-runner';
import { jsonIntegerRows, paddedLength, paddedLengths } from '../../database/sql-lists';
import { StatementList } from '../../database/statement-catalogue';
import { DocTerms, SearchPostingsRepository } from './search-postings.repository';
import { HtmlSanitizer } from './html-sanitizer';
import { rolesThatMay } from './doc-access';
import type { Role } from './doc-access';
import {
  bestRole,
  folderShareCovers,
  GRANT_RANK,
  grantedTo,
  HAS_GRANTS,
  rankOf,
  ROLE_RANKS,
  roleOfRank,
} from './grants-sql';
import { denseScanRows, MOST_WAYS_READ_AS_ARMS } from './dense-scan';
import { PageWindow, pageWindow } from './page-window';
import { GrantListMemo, UsersReachedByGrants } from './users-reached-by-grants';
import {
  ArmSource,
  armSources,
  countFromSources,
  FolderSharePaths,
  GrantSource,
  jsonRead,
  mergedListPlan,
  OverlapPlan,
  samePlan,
  SOURCE_FIELDS,
  sourcesDigest,
  sourcesFromText,
  sourcesFromRows,
  sourcesWithPaths,
} from './merged-list-plan';

/** Which of the caller's own documents a folder filter keeps: those directly in home, or in one folder. */
export type FolderFilter = { home: true } | { folderPathHash: string };

/**
 * Which documents a list shows: every document the user is a member of, or those where they
 * have one role, or (with a folder) the user's own documents directly in that folder.
 */
export type ListFilter = { role?: Role; folder?: undefined } | { folder: FolderFilter };

/** One row per document and member: a document with n members comes back as n rows. */
export interface DocMemberRow {
  /** On list pages: the list's total, read by the same statement as the page. */
  total_count?: number | string;
  doc_id: number;
  uuid: string;
  title: string;
  owner_id: number;
  /** The owner's folder; null for home. */
  path: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  html?: string;
  member_role: Role;
  /** The caller's role on the document, set by the repository (from every way they have it). */
  caller_role?: Role;
  /** List pages of a caller with grants: their best role as a rank (`ROLE_RANKS`). */
  caller_rank?: number | string;
  /** Detail: the caller's role in `user_docs`, if any, and the best their grants give. */
  direct_role?: Role | null;
  grant_rank?: number | string | null;
  user_id: number;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
}

/** A page of a list and the total it is a page of, read at one moment. */
export interface ListPage {
  rows: DocMemberRow[];
  totalCount: number;
}

/** What a user may do with a document, and its version: why a write matched nothing. */
export interface DocAccess {
  docId: number;
  role: Role;
  version: number;
}

export interface NewDoc {
  uuid: string;
  ownerId: number;
  /** The path hash of the document's folder (which must exist), `null` for home. */
  folderPathHash: string | null;
  title: string;
  html: string;
  /** The title's and the text's search terms (`common/text/search-terms.ts`). */
  searchTitle: string;
  searchBody: string;
  /** How often each of the text's terms occurs. */
  bodyCounts: TermCounts;
  at: Date;
}

/**
 * What an update changes; a field left out keeps its value. The title and the HTML come with
 * their search terms. `folder` moves the document.
 */
export interface DocChanges {
  title?: string;
  /** With `title`: its search terms. */
  searchTitle?: string;
  html?: string;
  /** With `html`: the search terms of its text, and how often each occurs. */
  searchBody?: string;
  bodyCounts?: TermCounts;
  folder?: FolderFilter;
}

const MEMBER_COLUMNS = `d.id AS doc_id, d.uuid AS uuid, d.title AS title, d.owner_id AS owner_id,
  f.path AS path, d.created_at AS created_at, d.updated_at AS updated_at, d.version AS version,
  m.role AS member_role, u.id AS user_id, u.fname AS fname, u.lname AS lname, u.email AS email,
  u.avatar_url AS avatar_url`;

/** Each document's users: the owner first, then by when they were added. */
export const MEMBERS_ORDER = `CASE WHEN m.role = 'owner' THEN 0 ELSE 1 END, m.created_at, m.user_id`;

/**
 * The ids of one page, read from a list-order index alone, then joined to their documents and
 * members (a deferred join). Pages in the second half of the list are read from the oldest
 * end, so skipping rows never costs more than half the list. Each row also carries the list's
 * total, counted by the same statement: the page and its total describe one moment.
 */
function pageSql(
  total: string,
  pageIds: (direction: 'ASC' | 'DESC') => string,
  from: 'newest-first' | 'oldest-first',
  grantsCheck = false,
): string {
  return `SELECT (${total}) AS total_count, ${grantsCheck ? `${HAS_GRANTS} AS has_grants, ` : ''}${MEMBER_COLUMNS}
FROM (${pageIds(from === 'newest-first' ? 'DESC' : 'ASC')}) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
ORDER BY page.sort_at DESC, page.doc_id DESC, ${MEMBERS_ORDER}`;
}

/** Every document the user is a member of (with one role): `user_docs` list-order indexes. */
const membershipPageIds = (withRole: boolean) => (direction: 'ASC' | 'DESC') =>
  `SELECT doc_id, doc_updated_at AS sort_at FROM user_docs WHERE user_id = ?${withRole ? ' AND role = ?' : ''}
      ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT ? OFFSET ?`;

/** The user's own documents directly in home or one folder: the folder list-order index on `docs`. */
const folderCondition = (filter: FolderFilter) =>
  ('home' in filter
    ? 'folder_id IS NULL'
    : 'folder_id = (SELECT id FROM folders WHERE user_id = ? AND path_hash = ?)') +
  ' AND deleted_at IS NULL';
/** How many documents a list has: the user's count slots (a few rows per role), or one folder's. */
const TOTAL = 'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ?';
const TOTAL_WITH_ROLE = `${TOTAL} AND role = ?`;
const folderTotal = (filter: FolderFilter) =>
  `SELECT COUNT(*) AS n FROM docs WHERE owner_id = ? AND ${folderCondition(filter)}`;
const folderPageIds = (filter: FolderFilter) => (direction: 'ASC' | 'DESC') =>
  `SELECT id AS doc_id, updated_at AS sort_at FROM docs WHERE owner_id = ? AND ${folderCondition(filter)}
      ORDER BY updated_at ${direction}, id ${direction} LIMIT ? OFFSET ?`;

/**
 * The sources of grants that reach the user: each of their groups with documents shared with
 * it (outside the trash: by its counts, as MariaDB would look for one of its grants along the
 * primary key, through all its folder shares' grants), each folder share with one of their
 * groups or with them. Parameters: user id three times.
 */
const SOURCE_COUNT = (type: string, id: string, share: string) =>
  `(SELECT COALESCE(SUM(c.doc_count), 0) FROM doc_grant_counts c WHERE c.grantee_type = ${type} AND c.grantee_id = ${id} AND c.folder_share_id = ${share})`;
const TOTALS_BY_OWNERSHIP =
  "SELECT COALESCE(SUM(doc_count), 0) AS n, COALESCE(SUM(CASE WHEN role = 'owner' THEN doc_count ELSE 0 END), 0) AS own FROM user_doc_counts WHERE user_id = ?";

const grantSourcesSql = (withPaths: boolean) => {
  const [noFolder, folder] = withPaths
    ? ['NULL AS path_hash, NULL AS path', 'fs.path_hash, fs.path']
    : ['NULL AS path_hash', 'fs.path_hash'];
  return `SELECT 'group' AS grantee_type, gm.group_id AS grantee_id, 0 AS folder_share_id, NULL AS role,
  NULL AS owner_id, ${noFolder}, ${SOURCE_COUNT("'group'", 'gm.group_id', '0')} AS doc_count FROM group_members gm
WHERE gm.user_id = ? AND ${SOURCE_COUNT("'group'", 'gm.group_id', '0')} > 0
UNION ALL
SELECT fs.grantee_type, fs.grantee_id, fs.id, fs.role, fs.owner_id, ${folder},
  ${SOURCE_COUNT('fs.grantee_type', 'fs.grantee_id', 'fs.id')} FROM group_members gm
JOIN folder_shares fs ON fs.grantee_type = 'group' AND fs.grantee_id = gm.group_id
WHERE gm.user_id = ?
UNION ALL
SELECT fs.grantee_type, fs.grantee_id, fs.id, fs.role, fs.owner_id, ${folder},
  ${SOURCE_COUNT('fs.grantee_type', 'fs.grantee_id', 'fs.id')} FROM folder_shares fs
WHERE fs.grantee_type = 'user' AND fs.grantee_id = ?`;
};

/**
 * Of the candidate documents (the user's direct shares, and their groups' documents shared one
 * by one), how many there are and how many ways the user has them in all: the user's rows, and
 * the grants from the groups' direct shares and the folder shares counted (`OverlapPlan`). The
 * lists are JSON arrays (one text whatever their lengths). (From `docs`: a derived table of the
 * candidates, read by correlated subqueries, fails MariaDB 10.11 on the second execution of the
 * prepared statement.) Parameters: see `overlapParameters`.
 */
const overlapSql = (dialect: SqlDialect) => {
  const ids = (alias: string) => `(SELECT value FROM ${jsonIntegerRows(dialect)} AS ${alias})`;
  return `SELECT COUNT(*) AS docs, COALESCE(SUM(
    (SELECT COUNT(*) FROM user_docs u WHERE u.user_id = ? AND u.doc_id = d.id)
    + (SELECT COUNT(*) FROM doc_grants g WHERE g.doc_id = d.id AND g.trashed = 0 AND (g.folder_share_id IN ${ids('shares')}
        OR g.folder_share_id = 0 AND g.grantee_type = 'group' AND g.grantee_id IN ${ids('counted_groups')}))), 0) AS ways
FROM docs d WHERE d.id IN (SELECT doc_id FROM user_docs WHERE ? = 1 AND user_id = ? AND role <> 'owner'
  UNION SELECT doc_id FROM doc_grants WHERE grantee_type = 'group' AND grantee_id IN ${ids('candidate_groups')} AND folder_share_id = 0 AND trashed = 0)`;
};

/** The parameters of `overlapSql`. */
function overlapParameters(
  userId: number,
  { folderShares, groups, directCandidates }: OverlapPlan,
): unknown[] {
  const groupList = JSON.stringify(groups);
  return [
    ...[userId, JSON.stringify(folderShares), groupList],
    ...[directCandidates ? 1 : 0, userId, groupList],
  ];
}

/**
 * The sources read as ranges of their grants in list order (`ordered`: the first rows of each,
 * one arm each, as many as `paddedLength` of them, the rest reading nothing), or all of them in
 * one join, whole (`joined`: counts, a role filter, and the rare page of more sources than
 * `MOST_ORDERED_ARMS`).
 */
type ArmsShape = { ordered: number } | 'joined';

/** The most sources read as ordered arms (a power of two). */
const MOST_ORDERED_ARMS = 64;

function armsShape(sources: number, ordered: boolean): ArmsShape {
  return ordered && sources <= MOST_ORDERED_ARMS ? { ordered: paddedLength(sources) } : 'joined';
}

/** A source that gives no grant: the ordered arms beyond the user's sources read it. */
const NO_SOURCE = ['none', 0, 0];

/**
 * The parameters of the arms (`armsSql`): user id and, ordered, the arm limit; then ordered,
 * each arm's type, id, share and limit, or joined, the sources as a JSON array of
 * `[type, id, share]`.
 */
function armParameters(
  userId: number,
  shape: ArmsShape,
  sources: ArmSource[],
  armLimit?: number,
): unknown[] {
  const keys = sources.map((source) => [
    source.grantee_type,
    source.grantee_id,
    source.folder_share_id,
  ]);
  if (shape === 'joined') return [userId, JSON.stringify(keys)];
  const padding = Array<unknown[]>(shape.ordered - keys.length).fill(NO_SOURCE);
  return [...[userId, armLimit], ...[...keys, ...padding].flatMap((key) => [...key, armLimit])];
}

/** A row of `mergedListSql.densePage`. */
type DenseRow = DocMemberRow & { complete: number | string };

/**
 * Whether a page read from every grant in list order is the window's: it holds as many
 * documents as the window has of the list, and every row sorts before the first grant not read.
 */
function isWholeDensePage(rows: DenseRow[], window: PageWindow, totalCount: number): boolean {
  const docs = new Set(rows.map((row) => row.doc_id)).size;
  const expected = Math.min(window.limit, totalCount - window.offset);
  return docs >= expected && rows.every((row) => Number(row.complete) === 1);
}

/** Ends a list read by membership alone: grants reach the user, so the merged list is read. */
class GrantsReachUser extends Error {}

/**
 * The lists of a user with grants: their `user_docs` and each source's grants are ranges of
 * list-order indexes (arms), merged, each document once with its best role. Without a role
 * filter, the first `limit + offset` of the merged list are among the first `limit + offset`
 * of each arm, so an arm reads no further; with one, a document's role is only known from
 * every arm, which are read whole. The count reads every arm.
 */
/** MySQL: the later of the given time (a parameter) and a millisecond past `column`. */
const laterOf = (column: string) => `GREATEST(?, ${column} + INTERVAL 1000 MICROSECOND)`;

const armColumns = (rank: string) => `doc_id, doc_updated_at AS sort_at, ${rank} AS caller_rank`;
/**
 * The arms. Ordered, each is a range of a list-order index, read from the index alone (it holds
 * the role), and a parenthesised member of the union on MySQL, read straight into the union's
 * one temporary table (as a derived table of its own, MariaDB would make one temporary table
 * per arm); SQLite takes it only as a subquery. Joined, the sources are rows of their JSON
 * array, each looked up in the same index.
 */
const armsSql = (shape: ArmsShape, direction: 'ASC' | 'DESC', dialect: SqlDialect) => {
  const mine = `SELECT ${armColumns(rankOf('role'))} FROM user_docs WHERE user_id = ?`;
  if (shape === 'joined') {
    const sources =
      dialect === 'mysql'
        ? "JSON_TABLE(?, '$[*]' COLUMNS (grantee_type VARCHAR(8) PATH '$[0]', grantee_id INT PATH '$[1]', folder_share_id INT PATH '$[2]')) AS s"
        : "(SELECT json_extract(value, '$[0]') AS grantee_type, json_extract(value, '$[1]') AS grantee_id, json_extract(value, '$[2]') AS folder_share_id FROM json_each(?)) AS s";
    return `${mine}
UNION ALL
SELECT g.doc_id, g.doc_updated_at AS sort_at, ${rankOf('g.role')} AS caller_rank FROM ${sources}
  JOIN doc_grants g ON g.grantee_type = s.grantee_type AND g.grantee_id = s.grantee_id AND g.folder_share_id = s.folder_share_id AND g.trashed = 0`;
  }
  const order = ` ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT ?`;
  const arms = [
    `${mine}${order}`,
    ...Array<string>(shape.ordered).fill(
      `SELECT ${armColumns(rankOf('role'))} FROM doc_grants WHERE grantee_type = ? AND grantee_id = ? AND folder_share_id = ? AND trashed = 0${order}`,
    ),
  ];
  if (dialect === 'mysql') return arms.map((arm) => `(${arm})`).join('\nUNION ALL\n');
  return arms.map((arm, index) => `SELECT * FROM (${arm}) a${index}`).join('\nUNION ALL\n');
};
const mergedSql = (
  shape: ArmsShape,
  direction: 'ASC' | 'DESC',
  withRole: boolean,
  dialect: SqlDialect,
) =>
  `SELECT doc_id, MAX(sort_at) AS sort_at, MIN(caller_rank) AS caller_rank
FROM (${armsSql(shape, direction, dialect)}) arms
GROUP BY doc_id${withRole ? ' HAVING MIN(caller_rank) = ?' : ''}`;

/**
 * The user's grants among the first rows of every grant in list order (their number a
 * parameter), as arm rows. Parameters: the grants to read, user id twice.
 */
const scannedGrantsArm = (direction: 'ASC' | 'DESC') =>
  `SELECT ${armColumns(rankOf('role'))} FROM (SELECT doc_id, doc_updated_at, grantee_type, grantee_id, role
    FROM doc_grants WHERE trashed = 0 ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT ?) scanned
  WHERE grantee_type = 'user' AND grantee_id = ? OR grantee_type = 'group' AND grantee_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ?)`;

/**
 * The sources of grants that reach the user, each row with the user's totals by membership
 * (`docsSql.totalsByOwnership`), read once: no row when no source does. Without the folders'
 * paths, a text column that MariaDB's temporary table of the union would keep on disk, their
 * hashes identify them (`sourcesWithPaths`). Parameters: user id three times, then once.
 */
const sourcesSql = (withPaths: boolean) =>
  `SELECT s.*, t.n AS member_docs, t.own AS owned_docs FROM (${grantSourcesSql(withPaths)}) s
CROSS JOIN (${TOTALS_BY_OWNERSHIP}) t`;

const PAGE_ORDER = `\nORDER BY page.sort_at DESC, page.doc_id DESC, ${MEMBERS_ORDER}`;

/**
 * What a page read with `firstRowColumns` is put in order by, in the process (`inListOrder`):
 * sorted by MariaDB, its rows would carry the sources' JSON through the sort (rows with a blob
 * are sorted by row id and read back). SQLite keeps its `ORDER BY`: in one load run without
 * it, the statement took 1.2 ms more CPU a page (`pageOrder`).
 */
const PLACE_COLUMNS = ', page.place AS place, m.created_at AS member_since';

/** A page statement's end: its order, unless read in one statement on MySQL (sorted after). */
const pageOrder = (extraColumns: string, dialect: SqlDialect) =>
  extraColumns && dialect === 'mysql' ? '' : PAGE_ORDER;

/** A row of a page read with `PLACE_COLUMNS`. */
type PlacedRow = Pick<DocMemberRow, 'member_role' | 'user_id'> & {
  place: number | string;
  member_since: Date | string;
};

/**
 * The order of `PAGE_ORDER` for rows read with `PLACE_COLUMNS`: documents newest first (their
 * places count from the end read first), then each one's members, the owner first.
 */
function inListOrder(from: 'newest-first' | 'oldest-first') {
  const sign = from === 'newest-first' ? 1 : -1;
  const time = (value: Date | string) =>
    value instanceof Date ? value.getTime() : Date.parse(value.replace(' ', 'T'));
  return (a: PlacedRow, b: PlacedRow) =>
    sign * (Number(a.place) - Number(b.place)) ||
    Number(a.member_role !== 'owner') - Number(b.member_role !== 'owner') ||
    time(a.member_since) - time(b.member_since) ||
    a.user_id - b.user_id;
}

/** Each row's place in a page's derived table (`alias`), from 1, in the order read. */
const pagePlace = (alias: string, direction: 'ASC' | 'DESC') =>
  `, ROW_NUMBER() OVER (ORDER BY ${alias}.sort_at ${direction}, ${alias}.doc_id ${direction}) AS place`;

/**
 * Columns a page statement of the merged list adds, on one row only (NULL on the others), for
 * a list read in one statement: the user's sources with their totals, as one JSON array of
 * `sourcesSql`'s rows (without paths), each an array of its `SOURCE_FIELDS` (`sources`: NULL
 * on MySQL, `[]` on SQLite, when there is none); and given an overlap to count, its documents and ways as a
 * JSON array of the two (`overlap`). Read in the same snapshot as the page. Parameters: user id
 * four times, then the overlap's.
 */
function firstRowColumns(dialect: SqlDialect, withOverlap: boolean): string {
  const [arrays, array] =
    dialect === 'mysql' ? ['JSON_ARRAYAGG', 'JSON_ARRAY'] : ['json_group_array', 'json_array'];
  // The owner's row of the page's first document in the order read (`place`, see
  // `pagePlace`): numbered in the page's derived table, of ids alone, as a window over the
  // joined rows would sort them with their text columns in an on-disk temporary table.
  const first = "page.place = 1 AND m.role = 'owner'";
  const fields = SOURCE_FIELDS.map((field) => `sources.${field}`).join(', ');
  const json = `SELECT ${arrays}(${array}(${fields})) FROM (${sourcesSql(false)}) sources`;
  // As text on MySQL too (mysql2 parses a JSON value): a page that finds the text it found last
  // time takes what it counted then (`GrantListMemo.counted`) without parsing it.
  const sources = dialect === 'mysql' ? `CAST((${json}) AS CHAR)` : json;
  const overlap = withOverlap
    ? `,\n  CASE WHEN ${first} THEN (SELECT ${array}(o.docs, o.ways) FROM (${overlapSql(dialect)}) o) END AS overlap`
    : '';
  return `,\n  CASE WHEN ${first} THEN (${sources}) END AS sources${overlap}`;
}

export const mergedListSql = {
  sources: sourcesSql(true),
  /**
   * A page of a user whom grants reach, merged from the first rows of their `user_docs` (to
   * the page's end) and of every grant in list order (`IDX_doc_grants_all_list_order`, a
   * given number of rows): the choice when they have a large part of all grants, where a few
   * grants are read per row of the page instead of a range of each source (see
   * `denseScanRows`). A grant not read sorts after the last one read, so each row says
   * whether it comes before the first grant not read (`complete`): a page whose rows all do is
   * exact, roles included (a document's grants are adjacent in the order). Parameters: the
   * extra columns' (`firstRowColumns`); user id, the page's end; the grants to read, user id
   * twice; limit, offset; the grants to read.
   */
  densePage: (from: 'newest-first' | 'oldest-first', dialect: SqlDialect, extraColumns = '') => {
    const direction = from === 'newest-first' ? 'DESC' : 'ASC';
    const before = direction === 'DESC' ? '>' : '<';
    return `SELECT ${MEMBER_COLUMNS}, page.caller_rank AS caller_rank, page.complete AS complete${extraColumns}${extraColumns ? PLACE_COLUMNS : ''}
FROM (SELECT merged.doc_id, merged.sort_at, merged.caller_rank,
    CASE WHEN boundary.doc_id IS NULL
      OR (merged.sort_at, merged.doc_id) ${before} (boundary.sort_at, boundary.doc_id) THEN 1 ELSE 0 END AS complete${extraColumns ? pagePlace('merged', direction) : ''}
  FROM (SELECT doc_id, MAX(sort_at) AS sort_at, MIN(caller_rank) AS caller_rank FROM (
      SELECT * FROM (SELECT ${armColumns(rankOf('role'))} FROM user_docs WHERE user_id = ?
        ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT ?) mine
      UNION ALL
      ${scannedGrantsArm(direction)}) arms
    GROUP BY doc_id ORDER BY sort_at ${direction}, doc_id ${direction} LIMIT ? OFFSET ?) merged
  LEFT JOIN (SELECT doc_updated_at AS sort_at, doc_id FROM doc_grants WHERE trashed = 0
    ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT 1 OFFSET ?) boundary ON 1 = 1) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id${pageOrder(extraColumns, dialect)}`;
  },
  /** Parameters: the joined arms' (`armParameters`), the role rank if any. */
  count: (withRole: boolean, dialect: SqlDialect) =>
    `SELECT COUNT(*) AS n FROM (${mergedSql('joined', 'DESC', withRole, dialect)}) merged`,
  /**
   * Parameters: the extra columns' (`firstRowColumns`); the arms' (`armParameters`, with the
   * arm limit when ordered), the role rank if any, limit, offset.
   */
  page: (
    shape: ArmsShape,
    from: 'newest-first' | 'oldest-first',
    withRole: boolean,
    dialect: SqlDialect,
    extraColumns = '',
  ) => {
    const direction = from === 'newest-first' ? 'DESC' : 'ASC';
    const merged = `${mergedSql(shape, direction, withRole, dialect)}
  ORDER BY sort_at ${direction}, doc_id ${direction} LIMIT ? OFFSET ?`;
    const page = extraColumns
      ? `SELECT ranked.*${pagePlace('ranked', direction)} FROM (${merged}) ranked`
      : merged;
    return `SELECT ${MEMBER_COLUMNS}, page.caller_rank AS caller_rank${extraColumns}${extraColumns ? PLACE_COLUMNS : ''}
FROM (${page}) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id${pageOrder(extraColumns, dialect)}`;
  },
};

/** Without its closing parenthesis: a statement may name one more column. */
const INSERT_DOC_COLUMNS =
  'INSERT INTO docs (uuid, owner_id, folder_id, title, html, search_title, search_body, created_at, updated_at, updated_by';

/** Which fields an update sets, in this order; `folder`: how the new folder is named. */
export interface ChangedFields {
  title: boolean;
  html: boolean;
  folder?: 'home' | 'path hash';
}

const FOLDER_ASSIGNMENT = {
  home: 'folder_id = NULL',
  'path hash': 'folder_id = (SELECT id FROM folders WHERE user_id = ? AND path_hash = ?)',
};

const changedColumns = (fields: ChangedFields, alias = '') =>
  [
    fields.title && `${alias}title = ?, ${alias}search_title = ?`,
    fields.html && `${alias}html = ?, ${alias}search_body = ?`,
    fields.folder && `${alias}${FOLDER_ASSIGNMENT[fields.folder]}`,
  ]
    .filter(Boolean)
    .map((assignment) => `${assignment}, `)
    .join('');

/** `'owner', 'editor'`: the roles that may make a change, as SQL (a move is the owner's). */
const updaterRoles = (fields: ChangedFields) =>
  rolesThatMay(fields.folder ? 'move' : 'update')
    .map((role) => `'${role}'`)
    .join(', ');

/**
 * ` AND <column> IN (...)` for the versions of an `If-Match` (one parameter: their JSON array),
 * or nothing.
 */
export const versionCondition = (column: string, dialect: SqlDialect, withVersions: boolean) =>
  withVersions
    ? ` AND ${column} IN (SELECT value FROM ${jsonIntegerRows(dialect)} AS versions)`
    : '';

/**
 * Every statement of the documents, written once. The repository runs them; tools use them too
 * (the benchmark's EXPLAIN, and its reference server, which must send the same SQL).
 */
export const docsSql = {
  total: TOTAL,
  totalWithRole: TOTAL_WITH_ROLE,
  folderTotal,
  /**
   * Parameters: the total's (user id), the grants check's (user id twice), then the page's
   * (user id, limit, offset).
   */
  page: (from: 'newest-first' | 'oldest-first') =>
    pageSql(TOTAL, membershipPageIds(false), from, true),
  /**
   * Parameters: user id and role for the total, user id twice for the grants check, then user
   * id, role, limit, offset.
   */
  pageWithRole: (from: 'newest-first' | 'oldest-first') =>
    pageSql(TOTAL_WITH_ROLE, membershipPageIds(true), from, true),
  /** The user's documents by membership, and those of them they own (parameter: user id). */
  totalsByOwnership: TOTALS_BY_OWNERSHIP,
  /** Whether grants reach the user (parameters: user id twice). */
  grantsCheck: `SELECT ${HAS_GRANTS} AS has_grants`,
  /** A count by membership and the grants check (parameters: the count's, user id twice). */
  countWithGrantsCheck: (total: string) => `SELECT (${total}) AS n, ${HAS_GRANTS} AS has_grants`,
  /** Parameters: the folder's (user id, folder) for the total, then again, limit, offset. */
  folderPage: (filter: FolderFilter, from: 'newest-first' | 'oldest-first') =>
    pageSql(folderTotal(filter), folderPageIds(filter), from),

  /** The document with every member, for one of its members (`me`). */
  detail: `SELECT ${MEMBER_COLUMNS}, d.html AS html, me.role AS direct_role
FROM docs d
JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ?
ORDER BY ${MEMBERS_ORDER}`,

  /**
   * The same, for a user who is not a member but has grants to it (asked only when `detail`
   * found nothing). Parameters: user id twice, uuid, user id twice.
   */
  detailThroughGrants: `SELECT ${MEMBER_COLUMNS}, d.html AS html, NULL AS direct_role, ${GRANT_RANK} AS grant_rank
FROM docs d
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ? AND EXISTS (SELECT 1 FROM doc_grants g WHERE g.doc_id = d.id AND g.trashed = 0 AND ${grantedTo('g')})
ORDER BY ${MEMBERS_ORDER}`,

  /** The caller's role as a member and the version: why a write matched nothing. */
  access: `SELECT d.id AS doc_id, me.role AS direct_role, d.version AS version
FROM docs d JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
WHERE d.uuid = ?`,

  /**
   * The same for a user who is not a member: the best rank their grants give (NULL for none).
   * Parameters: user id twice, uuid.
   */
  accessThroughGrants: `SELECT d.id AS doc_id, NULL AS direct_role, ${GRANT_RANK} AS grant_rank, d.version AS version
FROM docs d WHERE d.uuid = ?`,

  /**
   * The best rank the user's grants give on a document (NULL for none): asked for a member who
   * is a viewer, whom a grant may make an editor. Parameters: user id twice, document id.
   */
  grantRank: `SELECT ${GRANT_RANK} AS grant_rank FROM docs d WHERE d.id = ?`,

  insertHome: `${INSERT_DOC_COLUMNS}) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)`,
  /** Resolves the folder in the same statement; inserts nothing if the folder is missing. */
  insertInFolder: `${INSERT_DOC_COLUMNS})
SELECT ?, ?, f.id, ?, ?, ?, ?, ?, ?, ? FROM folders f WHERE f.user_id = ? AND f.path_hash = ?`,
  /**
   * MySQL: as `insertHome` and `insertInFolder`, with the document's postings as the last
   * column's value, which the table's triggers write (`SearchPostingsRepository.pendingChange`).
   */
  insertHomeWithPostings: `${INSERT_DOC_COLUMNS}, pending_postings) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertInFolderWithPostings: `${INSERT_DOC_COLUMNS}, pending_postings)
SELECT ?, ?, f.id, ?, ?, ?, ?, ?, ?, ?, ? FROM folders f WHERE f.user_id = ? AND f.path_hash = ?`,

  /**
   * MySQL: checks the caller's role (and `If-Match`), changes the document, moves its version
   * on and copies `updated_at` to every user's row, in one statement; the revision trigger
   * keeps the version it replaces. Parameters: user id, the changed fields, updated_at, the
   * writer's id, updated_at, updated_at, uuid, the versions (a JSON array) if any.
   *
   * The clock was read before the row lock was granted, so a write that waited may carry an
   * earlier time than the one it follows: each copy moves to the later of that time and a
   * millisecond past its own (equal) previous value, so the last committed write has the newest
   * `updated_at` and no two writes share one. (A multi-table UPDATE may assign in any order,
   * hence each row's own old value rather than the document's.)
   */
  updateMysql: (fields: ChangedFields, withVersions: boolean) => `UPDATE docs d
LEFT JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ? AND me.role IN (${updaterRoles(fields)})
LEFT JOIN doc_grants ga ON ga.doc_id = d.id AND ga.trashed = 0 AND ga.role IN (${updaterRoles(fields)}) AND ${grantedTo('ga')}
JOIN user_docs m ON m.doc_id = d.id
LEFT JOIN doc_grants gg ON gg.doc_id = d.id
SET ${changedColumns(fields, 'd.')}${fields.title || fields.html ? 'd.pending_postings = ?, ' : ''}d.updated_at = ${laterOf('d.updated_at')}, d.updated_by = ?, d.version = LAST_INSERT_ID(d.version + 1),
  m.doc_updated_at = ${laterOf('m.doc_updated_at')}, gg.doc_updated_at = ${laterOf('gg.doc_updated_at')}
WHERE d.uuid = ? AND (me.user_id IS NOT NULL OR ga.doc_id IS NOT NULL)${versionCondition('d.version', 'mysql', withVersions)}`,
  /** The version the MySQL update left in the session. */
  newVersion: 'SELECT LAST_INSERT_ID() AS version',
  /**
   * SQLite: the document (parameters: the changed fields, updated_at, the writer's id, uuid,
   * user id, the versions (a JSON array) if any).
   */
  updateSqlite: (fields: ChangedFields, withVersions: boolean) =>
    `UPDATE docs SET ${changedColumns(fields)}updated_at = ?, updated_by = ?, version = version + 1
WHERE uuid = ? AND (EXISTS (SELECT 1 FROM user_docs me WHERE me.doc_id = docs.id AND me.user_id = ? AND me.role IN (${updaterRoles(fields)}))
  OR EXISTS (SELECT 1 FROM doc_grants g WHERE g.doc_id = docs.id AND g.trashed = 0 AND g.role IN (${updaterRoles(fields)}) AND ${grantedTo('g')}))${versionCondition('version', 'sqlite', withVersions)}
RETURNING id, version`,
  /** SQLite: then the users' copies of updated_at, and the grants'. */
  copyUpdatedAt: 'UPDATE user_docs SET doc_updated_at = ? WHERE doc_id = ?',
  copyUpdatedAtToGrants: 'UPDATE doc_grants SET doc_updated_at = ? WHERE doc_id = ?',

  existsOwned: 'SELECT 1 AS found FROM docs WHERE uuid = ? AND owner_id = ?',

  /**
   * A moved document's grants from folder shares, dropped (parameter: uuid) and made again from
   * its owner's shares of its new folder and the folders above it (as a new document gets them
   * from a trigger, see the FolderShares migration). The shares are read with a lock (MySQL):
   * one being removed, or deleted with its group or user, is waited for and then not found.
   * Parameters: created_at, uuid.
   */
  dropFolderGrants:
    'DELETE FROM doc_grants WHERE doc_id = (SELECT id FROM docs WHERE uuid = ?) AND folder_share_id <> 0',
  grantFolderShares: (dialect: SqlDialect) =>
    `INSERT INTO doc_grants (grantee_type, grantee_id, doc_id, folder_share_id, role, created_at, doc_updated_at, trashed)
SELECT fs.grantee_type, fs.grantee_id, d.id, fs.id, fs.role, ?, d.updated_at, 0
FROM docs d JOIN folder_shares fs ON fs.owner_id = d.owner_id
WHERE d.uuid = ? AND ${folderShareCovers(dialect, 'fs', 'd')}${dialect === 'mysql' ? ' LOCK IN SHARE MODE' : ''}`,
  /**
   * MySQL, first in a move: the owner's row is held (shared), so a folder share of theirs being
   * made or removed, which holds it exclusively, and the move take turns, and neither misses the
   * other. A new document holds it by its foreign key. Parameter: the owner's id.
   */
  holdOwner: 'SELECT id FROM users WHERE id = ? LOCK IN SHARE MODE',

  /**
   * Before an update of the title or the text (in its transaction): the document's version and
   * terms (the stored text's too, `withBody`, when the update brings no new text), and its
   * postings, `[[term id, weight], ...]` (JSON; NULL on MySQL for none), from which the update
   * computes its change of postings. MySQL holds the row until the update is done.
   */
  termsBeforeUpdate: (dialect: SqlDialect, withBody: boolean) =>
    `SELECT d.version, d.search_title${withBody ? ', d.search_body' : ''}, (SELECT ${
      dialect === 'mysql'
        ? 'JSON_ARRAYAGG(JSON_ARRAY(p.term_id, p.weight))'
        : 'json_group_array(json_array(p.term_id, p.weight))'
    } FROM search_postings p WHERE p.doc_id = d.id) AS postings FROM docs d WHERE d.uuid = ?${
      dialect === 'mysql' ? ' FOR UPDATE' : ''
    }`,
};

/**
 * A delete moves the document to its owner's trash: it keeps its `docs` row (with
 * `deleted_at`), its versions and its folder; its `user_docs` rows move to
 * `trashed_doc_members`, so it is in no list, count or access check until the trash restores it.
 */
export const moveToTrashSql = {
  /**
   * The owner's document, not trashed (and given versions, a JSON array, one of them); locked
   * on MySQL.
   */
  findToTrash: (dialect: SqlDialect, withVersions: boolean) =>
    `SELECT id FROM docs WHERE uuid = ? AND owner_id = ? AND deleted_at IS NULL${versionCondition('version', dialect, withVersions)}${dialect === 'mysql' ? ' FOR UPDATE' : ''}`,
  markTrashed: 'UPDATE docs SET deleted_at = ? WHERE id = ?',
  insertTrash: 'INSERT INTO trash (doc_id, owner_id, deleted_at) VALUES (?, ?, ?)',
  /** MySQL: holds the members' rows, so no unshare or role change slips in between. */
  lockMembers: 'SELECT user_id FROM user_docs WHERE doc_id = ? FOR UPDATE',
  keepMembers: `INSERT INTO trashed_doc_members (doc_id, user_id, role, created_at)
SELECT doc_id, user_id, role, created_at FROM user_docs WHERE doc_id = ?`,
  /** Triggers take each member's count down with their row. */
  removeMembers: 'DELETE FROM user_docs WHERE doc_id = ?',
  /** The grants stay, giving nothing while the document is in the trash. */
  suspendGrants: 'UPDATE doc_grants SET trashed = 1 WHERE doc_id = ?',
};

/** How many users with grants a process remembers (a few hundred kilobytes). */
const USERS_REACHED_BY_GRANTS_KEPT = 10_000;
/** How many folder shares' paths the process keeps for lists read in one statement. */
const FOLDER_SHARE_PATHS_KEPT = 10_000;

/**
 * The document queries. The hot paths are plain SQL, written once, and return plain rows: no
 * entity is hydrated. Database triggers (see the Collaborators migration) write the owner's
 * `user_docs` row with each new document, remove every member row with a deleted document, and
 * keep the per-user counts, in the same statement.
 */
@Injectable()
export class DocsRepository {
  private readonly dialect: SqlDialect;

  private readonly usersReachedByGrants = new UsersReachedByGrants(USERS_REACHED_BY_GRANTS_KEPT);

  private readonly folderSharePaths = new FolderSharePaths(FOLDER_SHARE_PATHS_KEPT);

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly postings: SearchPostingsRepository,
    private readonly sanitizer: HtmlSanitizer,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /**
   * Adds the search terms a write brings that the index does not know yet: run before the
   * write's transaction (see `SearchPostingsRepository`).
   */
  addSearchTerms(terms: DocTerms): Promise<void> {
    return this.postings.addTerms(terms);
  }

  /**
   * The document, its owner's `user_docs` row and count (one statement, with its triggers),
   * and its postings, in the transaction of `manager` (of `TransactionRunner.run`). Its terms
   * must have been added (`addSearchTerms`).
   */
  async insert(manager: EntityManager, doc: NewDoc): Promise<void> {
    const maybeRare = await this.insertRow(manager, doc);
    await this.postings.countCommitted(maybeRare, manager);
  }

  /**
   * `insert`, for a document in the home folder with nothing else to write: on MySQL one
   * autocommitted statement, whose triggers write the postings too (a transaction would cost
   * two more round trips); on SQLite, where statements cost no round trip, a transaction.
   */
  async insertAlone(doc: NewDoc): Promise<void> {
    if (this.dialect === 'sqlite') {
      await this.transactions.run((manager) => this.insert(manager, doc));
      return;
    }
    const maybeRare = await this.transactions.exclusive((connection) =>
      this.insertRow(connection, doc),
    );
    await this.postings.countCommitted(maybeRare);
  }

  /**
   * Writes the document and its postings. On MySQL they travel with the INSERT, and the terms
   * that may be rare are returned, to count once it has committed; on SQLite the postings are
   * written (and counted after the commit) by statements of their own.
   */
  private async insertRow(manager: EntityManager, doc: NewDoc): Promise<number[]> {
    const at = toSqlTimestamp(doc.at);
    const values: unknown[] = [
      ...[doc.uuid, doc.ownerId, doc.title, doc.html, doc.searchTitle, doc.searchBody],
      ...[at, at, doc.ownerId],
    ];
    const folder = doc.folderPathHash === null ? [] : [doc.ownerId, doc.folderPathHash];
    if (this.dialect === 'mysql') {
      const { pending, maybeRare } = await this.postings.pendingChange(new Map(), doc, manager);
      const sql =
        doc.folderPathHash === null
          ? docsSql.insertHomeWithPostings
          : docsSql.insertInFolderWithPostings;
      const inserted = await this.sql.run(sql, [...values, pending, ...folder], manager);
      if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
      return maybeRare;
    }
    const sql = doc.folderPathHash === null ? docsSql.insertHome : docsSql.insertInFolder;
    const inserted = await this.sql.run(sql, [...values, ...folder], manager);
    if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
    const weights = await this.postings.weightsOf(doc, manager);
    await this.postings.write(manager, inserted.insertId, new Map(), weights);
    return [];
  }

  /**
   * One page of the list (`limit` documents from `offset`, with every member of each), and the
   * total it is a page of, as of one moment, while documents are shared, unshared and deleted.
   *
   * The page statement counts the total too, and one statement reads one snapshot (InnoDB and
   * SQLite alike). The first page needs nothing else. A later page is counted first, to read
   * it from the nearer end of the index; when the page statement then finds another total,
   * the list changed in between and that window is stale, so count and page are read again in
   * one consistent snapshot (a read-only transaction).
   */
  async listPage(
    userId: number,
    filter: ListFilter,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    // Grants never make an owner, and a folder filter lists the caller's own documents.
    const grantsMayReach = filter.folder === undefined && filter.role !== 'owner';
    if (grantsMayReach && this.usersReachedByGrants.get(userId) !== undefined) {
      return this.mergedListPage(userId, filter.role, offset, limit);
    }
    try {
      return await this.membershipListPage(userId, filter, offset, limit);
    } catch (error) {
      // Only a list by membership (no folder) throws it.
      if (!(error instanceof GrantsReachUser) || filter.folder !== undefined) throw error;
      return this.mergedListPage(userId, filter.role, offset, limit);
    }
  }

  /**
   * The list from `user_docs` (or one folder) alone, as long as no grant reaches the user: the
   * statements that count or read it also ask whether one does (and an empty first page asks
   * on its own), and throw `GrantsReachUser` if so.
   */
  private async membershipListPage(
    userId: number,
    filter: ListFilter,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    // Grants never make an owner, and a folder filter lists the caller's own documents.
    const grantsMayReach = filter.folder === undefined && filter.role !== 'owner';
    const counted = offset === 0 ? undefined : await this.count(userId, filter);
    // Counting asked whether grants reach the user (and threw if they do).
    if (counted !== undefined && offset >= counted) return { rows: [], totalCount: counted };
    const window: PageWindow =
      counted === undefined
        ? { from: 'newest-first', offset, limit }
        : pageWindow(offset, limit, counted);
    const rows = await this.page(userId, filter, window);
    if (rows.length === 0) {
      // Nothing on the first page: the list was empty. Nothing on a later one: it shrank.
      if (offset === 0) {
        if (grantsMayReach && (await this.grantsReach(userId))) throw new GrantsReachUser();
        return { rows, totalCount: 0 };
      }
    } else if (window.from === 'newest-first' || Number(rows[0].total_count) === counted) {
      // Read from the newest end, the rows are the page whatever the total.
      return { rows, totalCount: Number(rows[0].total_count) };
    }
    return this.transactions.snapshot(async (manager) => {
      const totalCount = await this.count(userId, filter, manager);
      if (offset >= totalCount) return { rows: [], totalCount };
      const stable = pageWindow(offset, limit, totalCount);
      return { rows: await this.page(userId, filter, stable, manager), totalCount };
    });
  }

  /** Whether grants reach the user (a group of theirs, or they, has one). */
  private async grantsReach(userId: number): Promise<boolean> {
    const [row] = await this.rows<{ has_grants: number | string }>(docsSql.grantsCheck, [
      userId,
      userId,
    ]);
    return Number(row.has_grants) === 1;
  }

  /**
   * A page of the list of a user with grants, and its total, as of one moment: each row with
   * the caller's best role. In one statement when the process remembers the user's list (see
   * `oneStatementMergedPage`), else read in one snapshot (`snapshotMergedPage`).
   */
  private async mergedListPage(
    userId: number,
    role: Role | undefined,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    const remembered = this.usersReachedByGrants.get(userId);
    if (role === undefined && remembered !== undefined) {
      const page = await this.oneStatementMergedPage(userId, remembered, offset, limit);
      if (page !== undefined) return page;
    }
    return this.snapshotMergedPage(userId, role, offset, limit);
  }

  /**
   * A page without a role filter in one statement, where a snapshot takes a statement for the
   * sources and, on MySQL, three to begin and end it: the page's statement as the remembered
   * plan has it, with the user's sources, totals and overlap beside the page
   * (`firstRowColumns`). It is the page when the sources it read give the same plan (so the
   * statement was the right one), their total puts the window where the remembered one did (a
   * later page read from the oldest end), and, read from every grant, the grants read were
   * enough. Otherwise undefined: the snapshot reads it.
   */
  private async oneStatementMergedPage(
    userId: number,
    remembered: GrantListMemo,
    offset: number,
    limit: number,
  ): Promise<ListPage | undefined> {
    const { plan, totalCount: rememberedTotal } = remembered;
    let window: PageWindow;
    if (offset === 0) window = { from: 'newest-first', offset, limit };
    else if (rememberedTotal !== undefined && offset < rememberedTotal) {
      window = pageWindow(offset, limit, rememberedTotal);
    } else return undefined;
    const depth = window.offset + window.limit;
    const overlap = plan.overlap;
    const extraColumns = firstRowColumns(this.dialect, overlap !== undefined);
    const extraParameters = [
      ...[userId, userId, userId, userId],
      ...(overlap ? overlapParameters(userId, overlap) : []),
    ];
    const scanTries = denseScanRows(plan.ways, depth);
    const denseTry = Math.min(remembered.denseTry ?? 0, Math.max(scanTries.length - 1, 0));
    const scanRows = scanTries[denseTry];
    const [sql, parameters] =
      plan.arms === undefined
        ? [
            mergedListSql.densePage(window.from, this.dialect, extraColumns),
            [
              ...[userId, depth],
              ...[scanRows, userId, userId],
              ...[window.limit, window.offset],
              scanRows,
            ],
          ]
        : [
            mergedListSql.page(
              armsShape(plan.arms.length, true),
              window.from,
              false,
              this.dialect,
              extraColumns,
            ),
            [
              ...armParameters(userId, armsShape(plan.arms.length, true), plan.arms, depth),
              ...[window.limit, window.offset],
            ],
          ];
    const rows = await this.rows<DenseRow & PlacedRow & { sources?: unknown; overlap?: unknown }>(
      sql,
      [...extraParameters, ...parameters],
    );
    // No rows: the list is empty, or shorter than the remembered total; the snapshot says.
    const first = rows.find((row) => row.sources !== null && row.sources !== undefined);
    if (first === undefined) return undefined;
    const text = typeof first.sources === 'string' ? first.sources : JSON.stringify(first.sources);
    const counted = this.countedFromText(userId, remembered, text);
    if (counted === undefined) return undefined;
    let totalCount = counted.total;
    if (overlap !== undefined) {
      const [docs, ways] = jsonRead(first.overlap) as [number | string, number | string];
      totalCount -= Number(ways) - Number(docs);
    }
    if (window.from === 'oldest-first' && totalCount !== rememberedTotal) return undefined;
    const whole = plan.arms !== undefined || isWholeDensePage(rows, window, totalCount);
    // Not whole: the next page starts from the next try (the snapshot reads this one from it).
    const nextTry = whole ? denseTry : denseTry + 1;
    this.usersReachedByGrants.remember(userId, { plan, totalCount, counted, denseTry: nextTry });
    if (!whole) return undefined;
    rows.sort(inListOrder(window.from));
    for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
    return { rows, totalCount };
  }

  /**
   * The total counted from the sources a page read in one statement found (as text, see
   * `firstRowColumns`), before the overlap, with their digest; undefined when they do not give
   * the remembered plan. The same text as last time gives what it gave then.
   */
  private countedFromText(
    userId: number,
    { plan, counted }: GrantListMemo,
    text: string,
  ): GrantListMemo['counted'] {
    const digest = sourcesDigest(text);
    if (counted?.sourcesDigest === digest) return counted;
    const read = sourcesFromText(text);
    const reaching = read && sourcesWithPaths(read, this.folderSharePaths);
    if (reaching === undefined || reaching.length === 0) return undefined;
    const fromSources = countFromSources(userId, reaching);
    if (!samePlan(mergedListPlan(userId, reaching, fromSources), plan)) return undefined;
    return { sourcesDigest: digest, total: fromSources.total };
  }

  /**
   * A page of the list of a user with grants, and its total, read in one snapshot: the merged
   * arms of `mergedListSql`, each row with the caller's best role.
   */
  private snapshotMergedPage(
    userId: number,
    role: Role | undefined,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    const withRole = role !== undefined;
    const roleParameter = withRole ? [ROLE_RANKS[role]] : [];
    return this.transactions.snapshot(async (manager) => {
      const reaching = sourcesFromRows(
        await this.rows<GrantSource>(
          mergedListSql.sources,
          [userId, userId, userId, userId],
          manager,
        ),
      );
      const sources = armSources(userId, reaching);
      let totalCount: number;
      if (withRole) {
        const [count] = await this.rows<{ n: number | string }>(
          mergedListSql.count(withRole, this.dialect),
          [...armParameters(userId, 'joined', sources), ...roleParameter],
          manager,
        );
        totalCount = Number(count.n);
      } else {
        totalCount = await this.countThroughGrants(userId, reaching, manager);
      }
      const firstTry = this.usersReachedByGrants.get(userId)?.denseTry ?? 0;
      const plan = reaching.length === 0 ? undefined : mergedListPlan(userId, reaching);
      const memo = (denseTry: number): GrantListMemo => ({
        plan: plan!,
        totalCount: withRole ? undefined : totalCount,
        denseTry,
      });
      if (reaching.length === 0) this.usersReachedByGrants.delete(userId);
      else {
        this.folderSharePaths.remember(reaching);
        this.usersReachedByGrants.remember(userId, memo(firstTry));
      }
      if (offset >= totalCount) return { rows: [], totalCount };
      const window = pageWindow(offset, limit, totalCount);
      const depth = window.offset + window.limit;
      const scanTries = withRole ? [] : denseScanRows(sources.length + 1, depth);
      const from = Math.max(0, Math.min(firstTry, scanTries.length - 1));
      for (let denseTry = from; denseTry < scanTries.length; denseTry++) {
        const scanRows = scanTries[denseTry];
        const rows = await this.rows<DenseRow>(
          mergedListSql.densePage(window.from, this.dialect),
          [
            ...[userId, depth],
            ...[scanRows, userId, userId],
            ...[window.limit, window.offset],
            scanRows,
          ],
          manager,
        );
        if (isWholeDensePage(rows, window, totalCount)) {
          if (plan) this.usersReachedByGrants.remember(userId, memo(denseTry));
          for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
          return { rows, totalCount };
        }
      }
      if (plan && scanTries.length > 0) {
        this.usersReachedByGrants.remember(userId, memo(scanTries.length));
      }
      const shape = armsShape(sources.length, !withRole);
      const rows = await this.rows<DocMemberRow>(
        mergedListSql.page(shape, window.from, withRole, this.dialect),
        [
          ...armParameters(userId, shape, sources, depth),
          ...roleParameter,
          ...[window.limit, window.offset],
        ],
        manager,
      );
      for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
      return { rows, totalCount };
    });
  }

  /**
   * How many documents a user whom grants reach has (see `countFromSources`), counting the
   * overlap when there is one.
   */
  private async countThroughGrants(
    userId: number,
    sources: GrantSource[],
    manager: EntityManager,
  ): Promise<number> {
    if (sources.length === 0) {
      const [members] = await this.rows<{ n: number | string }>(
        docsSql.totalsByOwnership,
        [userId],
        manager,
      );
      return Number(members.n);
    }
    const { total, overlap } = countFromSources(userId, sources);
    if (overlap === undefined) return total;
    const [row] = await this.rows<{ docs: number | string; ways: number | string }>(
      overlapSql(this.dialect),
      overlapParameters(userId, overlap),
      manager,
    );
    return total - (Number(row.ways) - Number(row.docs));
  }

  /**
   * How many documents the list shows. By membership: the sum of the user's count slots (a few
   * rows per role). One folder: counted on the folder list-order index.
   */
  private async count(
    userId: number,
    filter: ListFilter,
    manager?: EntityManager,
  ): Promise<number> {
    if (filter.folder !== undefined) {
      const [row] = await this.rows<{ n: number | string }>(
        docsSql.folderTotal(filter.folder),
        [userId, ...folderParameters(filter.folder, userId)],
        manager,
      );
      return Number(row?.n ?? 0);
    }
    if (filter.role === 'owner') {
      const [row] = await this.rows<{ n: number | string }>(
        docsSql.totalWithRole,
        [userId, filter.role],
        manager,
      );
      return Number(row?.n ?? 0);
    }
    const [row] = await this.rows<{ n: number | string; has_grants: number | string }>(
      docsSql.countWithGrantsCheck(filter.role === undefined ? TOTAL : TOTAL_WITH_ROLE),
      [userId, ...(filter.role === undefined ? [] : [filter.role]), userId, userId],
      manager,
    );
    if (Number(row.has_grants) === 1) throw new GrantsReachUser();
    return Number(row.n);
  }

  /** The rows of one window of the list, each with the list's total (see `pageSql`). */
  private async page(
    userId: number,
    filter: ListFilter,
    { from, offset, limit }: PageWindow,
    manager?: EntityManager,
  ): Promise<DocMemberRow[]> {
    if (filter.folder !== undefined) {
      const folder = [userId, ...folderParameters(filter.folder, userId)];
      return this.rows<DocMemberRow>(
        docsSql.folderPage(filter.folder, from),
        [...folder, ...folder, limit, offset],
        manager,
      );
    }
    const rows =
      filter.role === undefined
        ? await this.rows<DocMemberRow & { has_grants: number | string }>(
            docsSql.page(from),
            [userId, userId, userId, userId, limit, offset],
            manager,
          )
        : await this.rows<DocMemberRow & { has_grants: number | string }>(
            docsSql.pageWithRole(from),
            [userId, filter.role, userId, userId, userId, filter.role, limit, offset],
            manager,
          );
    if (filter.role !== 'owner' && rows.length > 0 && Number(rows[0].has_grants) === 1) {
      throw new GrantsReachUser();
    }
    return rows;
  }

  /**
   * A document the user has (as a member, or through a grant), with its HTML and every member;
   * each row carries the user's role (`caller_role`). No rows when they do not have it.
   */
  async findDetailForUser(uuid: string, userId: number): Promise<DocMemberRow[]> {
    let rows = await this.rows<DocMemberRow>(docsSql.detail, [userId, uuid]);
    if (rows.length === 0) {
      rows = await this.rows<DocMemberRow>(docsSql.detailThroughGrants, [
        ...[userId, userId, uuid],
        ...[userId, userId],
      ]);
    } else if (rows[0].direct_role === 'viewer') {
      rows[0].grant_rank = await this.grantRank(Number(rows[0].doc_id), userId);
      for (const row of rows) row.grant_rank = rows[0].grant_rank;
    }
    for (const row of rows) row.caller_role = bestRole(row.direct_role, row.grant_rank);
    return rows;
  }

  /**
   * The user's role on a document (the best of every way they have it) and its version; null
   * when they have no way to it. A member who is the owner or an editor costs one statement; a
   * viewer or a user with grants alone, two.
   */
  async findAccess(
    uuid: string,
    userId: number,
    manager?: EntityManager,
  ): Promise<DocAccess | null> {
    type AccessRow = {
      doc_id: number;
      direct_role: Role | null;
      grant_rank?: number | string | null;
      version: number | string;
    };
    let [row] = await this.rows<AccessRow>(docsSql.access, [userId, uuid], manager);
    if (row === undefined) {
      [row] = await this.rows<AccessRow>(
        docsSql.accessThroughGrants,
        [userId, userId, uuid],
        manager,
      );
    } else if (row.direct_role === 'viewer') {
      row.grant_rank = await this.grantRank(Number(row.doc_id), userId, manager);
    }
    const role = row && bestRole(row.direct_role, row.grant_rank);
    return role ? { docId: Number(row.doc_id), role, version: Number(row.version) } : null;
  }

  private async grantRank(
    docId: number,
    userId: number,
    manager?: EntityManager,
  ): Promise<number | string | null> {
    const [row] = await this.rows<{ grant_rank: number | string | null }>(
      docsSql.grantRank,
      [userId, userId, docId],
      manager,
    );
    return row?.grant_rank ?? null;
  }

  /**
   * Changes a document if the user may (owner or editor; the owner for a move) and, given
   * versions, if its version is one of them; moves `updated_at` and the version on, records
   * the user as its writer, and copies `updated_at` to every member's row. Returns the new
   * version, or null when nothing matched. The revision trigger keeps the version replaced.
   *
   * A change of the title or the text first reads the document's terms and postings (MySQL:
   * holding its row), then writes the postings that changed: on MySQL in the same UPDATE,
   * which passes them to the document's triggers (`pending_postings`), so an update is two
   * statements in a transaction. MySQL does it in one multi-table UPDATE; a move alone reads
   * the new version from the session's `LAST_INSERT_ID()` (a multi-table UPDATE does not report
   * it in its result). SQLite, which has neither, runs a statement per table in a transaction
   * (in-process, so no round trips). Given a manager, it runs in that transaction.
   */
  async update(
    uuid: string,
    userId: number,
    changes: DocChanges,
    at: Date,
    versions: number[] = [],
    manager?: EntityManager,
  ): Promise<number | null> {
    const timestamp = toSqlTimestamp(at);
    const fields: ChangedFields = {
      title: changes.title !== undefined,
      html: changes.html !== undefined,
      folder: changes.folder && ('home' in changes.folder ? 'home' : 'path hash'),
    };
    const folder =
      changes.folder && 'folderPathHash' in changes.folder
        ? [userId, changes.folder.folderPathHash]
        : [];
    const values: unknown[] = [
      ...(changes.title === undefined ? [] : [changes.title, changes.searchTitle]),
      ...(changes.html === undefined ? [] : [changes.html, changes.searchBody]),
    ];
    values.push(...folder);
    const termsChange = fields.title || fields.html;
    if (this.dialect === 'mysql') {
      const sql = docsSql.updateMysql(fields, versions.length > 0);
      const write = async (connection: EntityManager) => {
        // A move holds its owner first, as a new folder share does (see `holdOwner`).
        if (changes.folder) await this.sql.rows(docsSql.holdOwner, [userId], connection);
        // The document's row is held from this read on: its postings change as it read them.
        const before = termsChange ? await this.termsBefore(connection, uuid, changes) : null;
        if (termsChange && !before) return null;
        const postings = before
          ? await this.postings.pendingChange(before.postings, before.terms, connection)
          : null;
        const result = await this.sql.run(
          sql,
          [
            ...[userId, userId, userId],
            ...values,
            ...(postings ? [postings.pending] : []),
            ...[timestamp, userId, timestamp, timestamp, uuid],
            ...versionParameter(versions),
          ],
          connection,
        );
        if (result.affected === 0) return null;
        if (postings) await this.postings.countCommitted(postings.maybeRare, connection);
        // Before the grants' INSERT, which would set `LAST_INSERT_ID()` again.
        const version = before ? before.version + 1 : await this.newVersion(connection);
        if (changes.folder) await this.moveFolderGrants(connection, uuid, at);
        return version;
      };
      if (manager) return write(manager);
      return termsChange ? this.transactions.run(write) : this.transactions.oneConnection(write);
    }
    const write = async (transaction: EntityManager) => {
      const before = termsChange ? await this.termsBefore(transaction, uuid, changes) : null;
      if (termsChange && !before) return null;
      const [updated] = await this.sql.rows<{ id: number; version: number }>(
        docsSql.updateSqlite(fields, versions.length > 0),
        [...values, timestamp, userId, uuid, userId, userId, userId, ...versionParameter(versions)],
        transaction,
      );
      if (!updated) return null;
      await this.sql.run(docsSql.copyUpdatedAt, [timestamp, updated.id], transaction);
      await this.sql.run(docsSql.copyUpdatedAtToGrants, [timestamp, updated.id], transaction);
      if (before) {
        const weights = await this.postings.weightsOf(before.terms, transaction);
        await this.postings.write(transaction, updated.id, before.postings, weights);
      }
      if (changes.folder) await this.moveFolderGrants(transaction, uuid, at);
      return Number(updated.version);
    };
    return manager ? write(manager) : this.transactions.run(write);
  }

  /** The version the MySQL update left in the session (`LAST_INSERT_ID()`). */
  private async newVersion(connection: EntityManager): Promise<number> {
    const [row] = await this.sql.rows<{ version: number | string }>(
      docsSql.newVersion,
      [],
      connection,
    );
    return Number(row.version);
  }

  /**
   * After a move (in its transaction, by the owner): the document's grants from folder shares
   * are those of its new folder.
   */
  private async moveFolderGrants(manager: EntityManager, uuid: string, at: Date): Promise<void> {
    await this.sql.run(docsSql.dropFolderGrants, [uuid], manager);
    await this.sql.run(
      docsSql.grantFolderShares(this.dialect),
      [toSqlTimestamp(at), uuid],
      manager,
    );
  }

  /**
   * Before an update of the title or the text (in its transaction; MySQL holds the row from
   * here): the document's version and postings, and its terms as the update will leave
   * them. The update brings the terms of what it changes; the stored title's are read, and
   * the stored text's are counted (in the worker pool when long) when it brings no text.
   * Null when no document has this uuid.
   */
  private async termsBefore(
    manager: EntityManager,
    uuid: string,
    changes: DocChanges,
  ): Promise<{ version: number; postings: Map<number, number>; terms: DocTerms } | null> {
    const [doc] = await this.sql.rows<{
      version: number;
      search_title: string | null;
      search_body?: string | null;
      postings: string | [number, number][] | null;
    }>(docsSql.termsBeforeUpdate(this.dialect, changes.bodyCounts === undefined), [uuid], manager);
    if (!doc) return null;
    const stored: [number, number][] =
      typeof doc.postings === 'string'
        ? (JSON.parse(doc.postings) as [number, number][])
        : (doc.postings ?? []);
    return {
      version: Number(doc.version),
      postings: new Map(stored.map(([term, weight]) => [Number(term), Number(weight)])),
      terms: {
        searchTitle: changes.searchTitle ?? doc.search_title,
        bodyCounts: changes.bodyCounts ?? (await this.sanitizer.countTerms(doc.search_body ?? '')),
      },
    };
  }

  /**
   * Moves the owner's document (given versions, if it is one of them) to the trash, with its
   * members; false when nothing matched. The document row is locked first: a share waits for
   * it (and then finds the document gone), and on MySQL the members' rows are held too.
   */
  moveToTrash(uuid: string, ownerId: number, at: Date, versions: number[] = []): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [doc] = await this.sql.rows<{ id: number }>(
        moveToTrashSql.findToTrash(this.dialect, versions.length > 0),
        [uuid, ownerId, ...versionParameter(versions)],
        manager,
      );
      if (!doc) return false;
      const timestamp = toSqlTimestamp(at);
      await this.sql.run(moveToTrashSql.markTrashed, [timestamp, doc.id], manager);
      await this.sql.run(moveToTrashSql.insertTrash, [doc.id, ownerId, timestamp], manager);
      if (this.dialect === 'mysql')
        await this.sql.rows(moveToTrashSql.lockMembers, [doc.id], manager);
      await this.sql.run(moveToTrashSql.keepMembers, [doc.id], manager);
      await this.sql.run(moveToTrashSql.removeMembers, [doc.id], manager);
      await this.sql.run(moveToTrashSql.suspendGrants, [doc.id], manager);
      return true;
    });
  }

  /** Whether the user owns a document with this UUID. */
  async existsOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    const rows = await this.sql.rows(docsSql.existsOwned, [uuid, ownerId], manager);
    return rows.length > 0;
  }

  private rows<T>(sql: string, parameters: unknown[], manager?: EntityManager): Promise<T[]> {
    return this.sql.rows<T>(sql, parameters, manager);
  }
}

/** The parameter of a `versionCondition`, if any: the versions as a JSON array. */
function versionParameter(versions: number[]): unknown[] {
  return versions.length === 0 ? [] : [JSON.stringify(versions)];
}

/** The parameters of a folder condition. */
function folderParameters(filter: FolderFilter, userId: number): unknown[] {
  return 'home' in filter ? [] : [userId, filter.folderPathHash];
}

/** Every statement the documents' repository sends (see `statement-catalogue.ts`). */
export const docsStatements: StatementList = (dialect) => {
  const list: Record<string, string> = {};
  const plain = (object: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(object)) {
      if (typeof value === 'string') list[name] = value;
    }
  };
  plain(docsSql);
  if (dialect === 'sqlite') {
    // SQLite writes a new document's postings with statements of their own (`insertRow`).
    delete list.insertHomeWithPostings;
    delete list.insertInFolderWithPostings;
  }
  plain(moveToTrashSql);
  const directions = ['newest-first', 'oldest-first'] as const;
  const folders: [string, FolderFilter][] = [
    ['Home', { home: true }],
    ['Folder', { folderPathHash: '' }],
  ];
  for (const [name, folder] of folders) {
    list[`folderTotal${name}`] = docsSql.folderTotal(folder);
    for (const from of directions)
      list[`folderPage${name}:${from}`] = docsSql.folderPage(folder, from);
  }
  for (const from of directions) {
    list[`page:${from}`] = docsSql.page(from);
    list[`pageWithRole:${from}`] = docsSql.pageWithRole(from);
  }
  list.countWithGrantsCheck = docsSql.countWithGrantsCheck(TOTAL);
  list.countWithRoleWithGrantsCheck = docsSql.countWithGrantsCheck(TOTAL_WITH_ROLE);
  list.grantFolderShares = docsSql.grantFolderShares(dialect);
  list.termsBeforeUpdate = docsSql.termsBeforeUpdate(dialect, true);
  list['termsBeforeUpdate:title'] = docsSql.termsBeforeUpdate(dialect, false);
  for (const withVersions of [false, true]) {
    const versions = withVersions ? ':ifMatch' : '';
    list[`findToTrash${versions}`] = moveToTrashSql.findToTrash(dialect, withVersions);
    for (const title of [false, true]) {
      for (const html of [false, true]) {
        for (const folder of [undefined, 'home', 'path hash'] as const) {
          const fields: ChangedFields = { title, html, folder };
          const name = `update:${[title && 'title', html && 'html', folder && `folder ${folder}`]
            .filter(Boolean)
            .join(',')}${versions}`;
          list[name] =
            dialect === 'mysql'
              ? docsSql.updateMysql(fields, withVersions)
              : docsSql.updateSqlite(fields, withVersions);
        }
      }
    }
  }
  list['mergedList.sources'] = mergedListSql.sources;
  list['mergedList.overlap'] = overlapSql(dialect);
  for (const withRole of [false, true]) {
    list[`mergedList.count${withRole ? ':role' : ''}`] = mergedListSql.count(withRole, dialect);
  }
  // Read in one statement (with the first row's columns), a page has the arms of a plan
  // (`mergedListPlan`): at most `MOST_WAYS_READ_AS_ARMS` ways, the user's own among them.
  const oneStatementShapes = paddedLengths(paddedLength(MOST_WAYS_READ_AS_ARMS - 1));
  for (const from of directions) {
    const extras: [string, string][] = [
      ['', ''],
      [':oneStatement', firstRowColumns(dialect, false)],
      [':oneStatement,overlap', firstRowColumns(dialect, true)],
    ];
    for (const [extra, columns] of extras) {
      list[`mergedList.densePage:${from}${extra}`] = mergedListSql.densePage(
        from,
        dialect,
        columns,
      );
      const arms = extra === '' ? paddedLengths(MOST_ORDERED_ARMS) : oneStatementShapes;
      for (const ordered of arms) {
        list[`mergedList.page:${from},${ordered} arms${extra}`] = mergedListSql.page(
          { ordered },
          from,
          false,
          dialect,
          columns,
        );
      }
    }
    for (const withRole of [false, true]) {
      list[`mergedList.page:${from},joined${withRole ? ',role' : ''}`] = mergedListSql.page(
        'joined',
        from,
        withRole,
        dialect,
      );
    }
  }
  return list;
};
