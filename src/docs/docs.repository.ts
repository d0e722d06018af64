import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { toSqlTimestamp } from '../database/sql-values';
import { TransactionRunner } from '../database/transaction-runner';
import { rolesThatMay } from './doc-access';
import type { Role } from './entities/user-doc.entity';
import { pageWindow } from './pagination';

/** Which of the caller's own documents a folder filter keeps: those directly in home, or in one folder. */
export type FolderFilter = { home: true } | { folderPathHash: string };

/**
 * Which documents a list shows: every document the user is a member of, or those where they
 * have one role, or (with a folder) the user's own documents directly in that folder.
 */
export type ListFilter = { role?: Role; folder?: undefined } | { folder: FolderFilter };

/** One row per document and member: a document with n members comes back as n rows. */
export interface DocMemberRow {
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
  user_id: number;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
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
  at: Date;
}

export interface DocChanges {
  title?: string;
  html?: string;
}

const MEMBER_COLUMNS = `d.id AS doc_id, d.uuid AS uuid, d.title AS title, d.owner_id AS owner_id,
  f.path AS path, d.created_at AS created_at, d.updated_at AS updated_at, d.version AS version,
  m.role AS member_role, u.id AS user_id, u.fname AS fname, u.lname AS lname, u.email AS email,
  u.avatar_url AS avatar_url`;

/** Each document's users: the owner first, then by when they were added. */
export const MEMBERS_ORDER = `CASE WHEN m.role = 'owner' THEN 0 ELSE 1 END, m.created_at, m.user_id`;

/** `'owner', 'editor'`: the roles that may change a document, as SQL. */
const UPDATER_ROLES = rolesThatMay('update')
  .map((role) => `'${role}'`)
  .join(', ');

/**
 * The ids of one page, read from a list-order index alone, then joined to their documents and
 * members (a deferred join). Pages in the second half of the list are read from the oldest
 * end, so skipping rows never costs more than half the list.
 */
function pageSql(
  pageIds: (direction: 'ASC' | 'DESC') => string,
  from: 'newest-first' | 'oldest-first',
): string {
  return `SELECT ${MEMBER_COLUMNS}
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
const FOLDER_CONDITION = {
  home: 'folder_id IS NULL',
  folder: 'folder_id = (SELECT id FROM folders WHERE user_id = ? AND path_hash = ?)',
};
const folderPageIds = (filter: FolderFilter) => (direction: 'ASC' | 'DESC') =>
  `SELECT id AS doc_id, updated_at AS sort_at FROM docs WHERE owner_id = ? AND ${'home' in filter ? FOLDER_CONDITION.home : FOLDER_CONDITION.folder}
      ORDER BY updated_at ${direction}, id ${direction} LIMIT ? OFFSET ?`;

/** The list's queries as the service runs them, for tools (the benchmark's EXPLAIN). */
export const listQueries = {
  total: 'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ?',
  totalWithRole:
    'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ? AND role = ?',
  page: (from: 'newest-first' | 'oldest-first') => pageSql(membershipPageIds(false), from),
  pageWithRole: (from: 'newest-first' | 'oldest-first') => pageSql(membershipPageIds(true), from),
};

const DETAIL_SQL = `SELECT ${MEMBER_COLUMNS}, d.html AS html
FROM docs d
JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ?
ORDER BY ${MEMBERS_ORDER}`;

const ACCESS_SQL = `SELECT d.id AS doc_id, me.role AS role, d.version AS version
FROM docs d JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
WHERE d.uuid = ?`;

const INSERT_DOC_COLUMNS =
  'INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at)';
const INSERT_HOME_DOC_SQL = `${INSERT_DOC_COLUMNS} VALUES (?, ?, NULL, ?, ?, ?, ?)`;
/** Resolves the folder in the same statement; inserts nothing if the folder is missing. */
const INSERT_FOLDER_DOC_SQL = `${INSERT_DOC_COLUMNS}
SELECT ?, ?, f.id, ?, ?, ?, ? FROM folders f WHERE f.user_id = ? AND f.path_hash = ?`;

const NEW_VERSION_SQL = 'SELECT LAST_INSERT_ID() AS version';

const EXISTS_OWNED_SQL = 'SELECT 1 AS found FROM docs WHERE uuid = ? AND owner_id = ?';

const DELETE_OWNED_SQL = 'DELETE FROM docs WHERE uuid = ? AND owner_id = ?';

/** ` AND <column> IN (?, ?)` for a version condition, or nothing. */
function versionCondition(column: string, versions: number[] | undefined): string {
  return versions === undefined ? '' : ` AND ${column} IN (${versions.map(() => '?').join(', ')})`;
}

/**
 * The document queries. The hot paths are plain SQL, written once, and return plain rows: no
 * entity is hydrated. Database triggers (see the Collaborators migration) write the owner's
 * `user_docs` row with each new document, remove every member row with a deleted document, and
 * keep the per-user counts, in the same statement.
 */
@Injectable()
export class DocsRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /** One statement: the document, its owner's `user_docs` row and count come with it. */
  async insert(manager: EntityManager, doc: NewDoc): Promise<void> {
    const at = toSqlTimestamp(doc.at);
    const values = [doc.uuid, doc.ownerId, doc.title, doc.html, at, at];
    const inserted =
      doc.folderPathHash === null
        ? await this.sql.run(INSERT_HOME_DOC_SQL, values, manager)
        : await this.sql.run(
            INSERT_FOLDER_DOC_SQL,
            [...values, doc.ownerId, doc.folderPathHash],
            manager,
          );
    if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
  }

  /**
   * How many documents the list shows. By membership: the sum of the user's count slots (a few
   * rows per role). One folder: counted on the folder list-order index.
   */
  async countForUser(userId: number, filter: ListFilter): Promise<number> {
    if (filter.folder === undefined) {
      const [row] =
        filter.role === undefined
          ? await this.rows<{ n: number | string }>(listQueries.total, [userId])
          : await this.rows<{ n: number | string }>(listQueries.totalWithRole, [
              userId,
              filter.role,
            ]);
      return Number(row?.n ?? 0);
    }
    const [condition, parameters] = folderConditionOf(filter.folder, userId);
    const [row] = await this.rows<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM docs WHERE owner_id = ? AND ${condition}`,
      [userId, ...parameters],
    );
    return Number(row?.n ?? 0);
  }

  /** One page of the list, most recently updated first, with every member of each document. */
  listPageForUser(
    userId: number,
    filter: ListFilter,
    limit: number,
    offset: number,
    totalCount: number,
  ): Promise<DocMemberRow[]> {
    const window = pageWindow(offset, limit, totalCount);
    const paging = [window.limit, window.offset];
    if (filter.folder !== undefined) {
      const [, parameters] = folderConditionOf(filter.folder, userId);
      return this.rows<DocMemberRow>(pageSql(folderPageIds(filter.folder), window.from), [
        userId,
        ...parameters,
        ...paging,
      ]);
    }
    return filter.role === undefined
      ? this.rows<DocMemberRow>(listQueries.page(window.from), [userId, ...paging])
      : this.rows<DocMemberRow>(listQueries.pageWithRole(window.from), [
          userId,
          filter.role,
          ...paging,
        ]);
  }

  /** A document the user is a member of, with its HTML and every member. */
  findDetailForUser(uuid: string, userId: number): Promise<DocMemberRow[]> {
    return this.rows<DocMemberRow>(DETAIL_SQL, [userId, uuid]);
  }

  /** The user's role on a document and its version; null when they are not a member. */
  async findAccess(uuid: string, userId: number): Promise<DocAccess | null> {
    const [row] = await this.rows<{ doc_id: number; role: Role; version: number | string }>(
      ACCESS_SQL,
      [userId, uuid],
    );
    return row ? { docId: Number(row.doc_id), role: row.role, version: Number(row.version) } : null;
  }

  /**
   * Changes a document if the user may (owner or editor) and, given versions, if its version
   * is one of them; moves `updated_at` and the version on, and copies `updated_at` to every
   * member's row. Returns the new version, or null when nothing matched.
   *
   * MySQL does it in one multi-table UPDATE, which leaves the new version in the session's
   * `LAST_INSERT_ID()` for a second statement on the same connection. SQLite, which has
   * neither, runs two statements in a transaction (in-process, so no round trips).
   */
  async update(
    uuid: string,
    userId: number,
    changes: DocChanges,
    at: Date,
    versions: number[] | undefined,
  ): Promise<number | null> {
    const timestamp = toSqlTimestamp(at);
    const assignments: string[] = [];
    const values: unknown[] = [];
    if (changes.title !== undefined) {
      assignments.push('title = ?');
      values.push(changes.title);
    }
    if (changes.html !== undefined) {
      assignments.push('html = ?');
      values.push(changes.html);
    }
    if (this.dialect === 'mysql') {
      const sql = `UPDATE docs d
JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ? AND me.role IN (${UPDATER_ROLES})
JOIN user_docs m ON m.doc_id = d.id
SET ${assignments.map((assignment) => `d.${assignment}, `).join('')}d.updated_at = ?, d.version = LAST_INSERT_ID(d.version + 1), m.doc_updated_at = ?
WHERE d.uuid = ?${versionCondition('d.version', versions)}`;
      const parameters = [userId, ...values, timestamp, timestamp, uuid, ...(versions ?? [])];
      return this.transactions.oneConnection(async (manager) => {
        const result = await this.sql.run(sql, parameters, manager);
        if (result.affected === 0) return null;
        // A multi-table UPDATE does not report LAST_INSERT_ID(expr) in its result: ask for it.
        const [row] = await this.sql.rows<{ version: number | string }>(
          NEW_VERSION_SQL,
          [],
          manager,
        );
        return Number(row.version);
      });
    }
    return this.transactions.run(async (manager) => {
      const [updated] = await this.sql.rows<{ id: number; version: number }>(
        `UPDATE docs SET ${assignments.map((assignment) => `${assignment}, `).join('')}updated_at = ?, version = version + 1
WHERE uuid = ? AND id IN (SELECT doc_id FROM user_docs WHERE user_id = ? AND role IN (${UPDATER_ROLES}))${versionCondition('version', versions)}
RETURNING id, version`,
        [...values, timestamp, uuid, userId, ...(versions ?? [])],
        manager,
      );
      if (!updated) return null;
      await this.sql.run(
        'UPDATE user_docs SET doc_updated_at = ? WHERE doc_id = ?',
        [timestamp, updated.id],
        manager,
      );
      return Number(updated.version);
    });
  }

  /**
   * Deletes a document the user owns (and, given versions, whose version is one of them): one
   * statement, the members' rows and counts go with it. False when nothing matched.
   */
  async deleteOwned(
    uuid: string,
    ownerId: number,
    versions: number[] | undefined,
  ): Promise<boolean> {
    const sql = `${DELETE_OWNED_SQL}${versionCondition('version', versions)}`;
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(sql, [uuid, ownerId, ...(versions ?? [])], manager),
    );
    return result.affected > 0;
  }

  /** Whether the user owns a document with this UUID. */
  async existsOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    const rows = await this.sql.rows(EXISTS_OWNED_SQL, [uuid, ownerId], manager);
    return rows.length > 0;
  }

  private rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return this.sql.rows<T>(sql, parameters);
  }
}

/** The folder part of a WHERE clause on `docs`, and its parameters. */
function folderConditionOf(filter: FolderFilter, userId: number): [string, unknown[]] {
  return 'home' in filter
    ? [FOLDER_CONDITION.home, []]
    : [FOLDER_CONDITION.folder, [userId, filter.folderPathHash]];
}
