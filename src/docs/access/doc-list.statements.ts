import { MYSQL_COLLATION } from '../../database/database-options';
import { SqlDialect } from '../../database/raw-sql';
import { jsonIntegerRows, paddedLength, paddedLengths } from '../../database/sql-lists';
import { StatementList } from '../../database/statement-catalogue';
import { MOST_WAYS_READ_AS_ARMS } from './dense-scan';
import type { DocMemberRow, FolderFilter } from './doc-list';
import { HAS_GRANTS, rankOf } from './grants-sql';
import { ArmSource, OverlapPlan, SOURCE_FIELDS } from './merged-list-plan';

/*
 * The statements of the list: a user's documents, one page with every member of each and the
 * exact total, as `DocListRepository` reads them. Their texts are fixed by the code; the
 * catalogue lists every variant (`docListStatements`).
 */

export const MEMBER_COLUMNS = `d.id AS doc_id, d.uuid AS uuid, d.title AS title, d.owner_id AS owner_id,
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
export const TOTAL =
  'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ?';
export const TOTAL_WITH_ROLE = `${TOTAL} AND role = ?`;
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
export const overlapSql = (dialect: SqlDialect) => {
  const ids = (alias: string) => `(SELECT value FROM ${jsonIntegerRows(dialect)} AS ${alias})`;
  return `SELECT COUNT(*) AS docs, COALESCE(SUM(
    (SELECT COUNT(*) FROM user_docs u WHERE u.user_id = ? AND u.doc_id = d.id)
    + (SELECT COUNT(*) FROM doc_grants g WHERE g.doc_id = d.id AND g.trashed = 0 AND (g.folder_share_id IN ${ids('shares')}
        OR g.folder_share_id = 0 AND g.grantee_type = 'group' AND g.grantee_id IN ${ids('counted_groups')}))), 0) AS ways
FROM docs d WHERE d.id IN (SELECT doc_id FROM user_docs WHERE ? = 1 AND user_id = ? AND role <> 'owner'
  UNION SELECT doc_id FROM doc_grants WHERE grantee_type = 'group' AND grantee_id IN ${ids('candidate_groups')} AND folder_share_id = 0 AND trashed = 0)`;
};

/** The parameters of `overlapSql`. */
export function overlapParameters(
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
export type ArmsShape = { ordered: number } | 'joined';

/** The most sources read as ordered arms (a power of two). */
const MOST_ORDERED_ARMS = 64;

export function armsShape(sources: number, ordered: boolean): ArmsShape {
  return ordered && sources <= MOST_ORDERED_ARMS ? { ordered: paddedLength(sources) } : 'joined';
}

/** A source that gives no grant: the ordered arms beyond the user's sources read it. */
const NO_SOURCE = ['none', 0, 0];

/**
 * The parameters of the arms (`armsSql`): user id and, ordered, the arm limit; then ordered,
 * each arm's type, id, share and limit, or joined, the sources as a JSON array of
 * `[type, id, share]`.
 */
export function armParameters(
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

/**
 * The lists of a user with grants: their `user_docs` and each source's grants are ranges of
 * list-order indexes (arms), merged, each document once with its best role. Without a role
 * filter, the first `limit + offset` of the merged list are among the first `limit + offset`
 * of each arm, so an arm reads no further; with one, a document's role is only known from
 * every arm, which are read whole. The count reads every arm.
 */

/**
 * A text column of `JSON_TABLE` takes the database's default collation, which an operator may
 * have made another than the tables' ("illegal mix of collations" when compared with them).
 */
const JSON_TEXT_COLLATION = `CHARACTER SET utf8mb4 COLLATE ${MYSQL_COLLATION}`;

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
        ? `JSON_TABLE(?, '$[*]' COLUMNS (grantee_type VARCHAR(8) ${JSON_TEXT_COLLATION} PATH '$[0]', grantee_id INT PATH '$[1]', folder_share_id INT PATH '$[2]')) AS s`
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
 * (`docListSql.totalsByOwnership`), read once: no row when no source does. Without the folders'
 * paths, a text column that MariaDB's temporary table of the union would keep on disk, their
 * hashes identify them (`sourcesWithPaths`). Parameters: user id three times, then once.
 */
const sourcesSql = (withPaths: boolean) =>
  `SELECT s.*, t.n AS member_docs, t.own AS owned_docs FROM (${grantSourcesSql(withPaths)}) s
CROSS JOIN (${TOTALS_BY_OWNERSHIP}) t`;

/**
 * The merged pages' joins in the order written on MySQL: the page first (at most `limit`
 * documents), then its documents and members. For a page deep in a long list, MariaDB chose to read
 * every document and look each up in the page instead (a member of 50 groups, 100,000
 * documents, the middle page: 1.1 s, and 0.1 s in this order).
 */
const pageFirst = (dialect: SqlDialect) => (dialect === 'mysql' ? 'STRAIGHT_JOIN ' : '');

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
export type PlacedRow = Pick<DocMemberRow, 'member_role' | 'user_id'> & {
  place: number | string;
  member_since: Date | string;
};

/**
 * The order of `PAGE_ORDER` for rows read with `PLACE_COLUMNS`: documents newest first (their
 * places count from the end read first), then each one's members, the owner first.
 */
export function inListOrder(from: 'newest-first' | 'oldest-first') {
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
export function firstRowColumns(dialect: SqlDialect, withOverlap: boolean): string {
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
    return `SELECT ${pageFirst(dialect)}${MEMBER_COLUMNS}, page.caller_rank AS caller_rank, page.complete AS complete${extraColumns}${extraColumns ? PLACE_COLUMNS : ''}
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
    return `SELECT ${pageFirst(dialect)}${MEMBER_COLUMNS}, page.caller_rank AS caller_rank${extraColumns}${extraColumns ? PLACE_COLUMNS : ''}
FROM (${page}) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id${pageOrder(extraColumns, dialect)}`;
  },
};

/** The list by membership or one folder, and the questions the list asks first. */
export const docListSql = {
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
};

/** Every statement of the list (see `statement-catalogue.ts`). */
export const docListStatements: StatementList = (dialect) => {
  const list: Record<string, string> = {};
  for (const [name, value] of Object.entries(docListSql)) {
    if (typeof value === 'string') list[name] = value;
  }
  const directions = ['newest-first', 'oldest-first'] as const;
  const folders: [string, FolderFilter][] = [
    ['Home', { home: true }],
    ['Folder', { folderPathHash: '' }],
  ];
  for (const [name, folder] of folders) {
    list[`folderTotal${name}`] = docListSql.folderTotal(folder);
    for (const from of directions)
      list[`folderPage${name}:${from}`] = docListSql.folderPage(folder, from);
  }
  for (const from of directions) {
    list[`page:${from}`] = docListSql.page(from);
    list[`pageWithRole:${from}`] = docListSql.pageWithRole(from);
  }
  list.countWithGrantsCheck = docListSql.countWithGrantsCheck(TOTAL);
  list.countWithRoleWithGrantsCheck = docListSql.countWithGrantsCheck(TOTAL_WITH_ROLE);
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
