import { SqlDialect } from '../../database/raw-sql';
import { jsonIntegerRows } from '../../database/sql-lists';
import { StatementList } from '../../database/statement-catalogue';
import { rolesThatMay } from '../access/doc-access';
import { MEMBER_COLUMNS, MEMBERS_ORDER } from '../access/doc-list.statements';
import { GRANT_RANK, grantedTo } from '../access/grants-sql';

/** MySQL: the later of the given time (a parameter) and a millisecond past `column`. */
const laterOf = (column: string) => `GREATEST(?, ${column} + INTERVAL 1000 MICROSECOND)`;

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
  existsOwned: 'SELECT 1 AS found FROM docs WHERE uuid = ? AND owner_id = ?',

  /**
   * MySQL, first in a move: the owner's row is held (shared), so a folder share of theirs being
   * made or removed, which holds it exclusively, and the move take turns, and neither misses the
   * other. A new document holds it by its foreign key. Parameter: the owner's id.
   */
  holdOwner: 'SELECT id FROM users WHERE id = ? LOCK IN SHARE MODE',

  /**
   * Before an update of the title or the text (in its transaction): the document's version and
   * stored terms, from which the update works out the postings it has and computes its change
   * of postings. MySQL holds the row until the update is done.
   */
  termsBeforeUpdate: (dialect: SqlDialect) =>
    `SELECT version, search_title, search_body FROM docs WHERE uuid = ?${
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
};

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
  list.termsBeforeUpdate = docsSql.termsBeforeUpdate(dialect);
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
  return list;
};
