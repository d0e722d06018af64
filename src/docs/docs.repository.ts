import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { executeStatement, SqlDialect, sqlDialect } from '../database/raw-sql';
import { toSqlTimestamp } from '../database/sql-values';
import { pageWindow } from './pagination';

/**
 * Which of a user's documents to list: all, those directly in the home folder, or those
 * directly in the folder with this path hash (none when the user has no such folder).
 */
export type FolderFilter = undefined | { home: true } | { folderPathHash: string };

/** One row per document and user: a document with n users comes back as n rows. */
export interface DocUserRow {
  doc_id: number;
  uuid: string;
  title: string;
  path: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  html?: string;
  user_id: number;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
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

/**
 * A user's document count is spread over this many rows of `user_doc_counts`; each write
 * changes one of them at random, so concurrent writes of one user rarely wait for each other.
 */
export const DOC_COUNT_SLOTS = 16;

const DOC_USER_COLUMNS = `d.id AS doc_id, d.uuid AS uuid, d.title AS title, f.path AS path,
  d.created_at AS created_at, d.updated_at AS updated_at, u.id AS user_id, u.fname AS fname,
  u.lname AS lname, u.email AS email, u.avatar_url AS avatar_url`;

/** Each document's users: the owner first, then by when they were added. */
const MEMBERS_ORDER = `CASE WHEN m.role = 'owner' THEN 0 ELSE 1 END, m.created_at, m.user_id`;

/** The part of a WHERE clause on `docs` that a folder filter adds, and its parameters. */
function folderCondition(filter: FolderFilter, userId: number): [string, unknown[]] {
  if (filter === undefined) return ['', []];
  if ('home' in filter) return [' AND folder_id IS NULL', []];
  return [
    ' AND folder_id = (SELECT id FROM folders WHERE user_id = ? AND path_hash = ?)',
    [userId, filter.folderPathHash],
  ];
}

/**
 * One page of documents with every user of each: the page's ids are chosen on a list-order
 * index alone (`docs (owner_id[, folder_id], updated_at, id)`, which covers the subquery),
 * then joined to their rows (a deferred join). Pages in the second half of the list are read
 * from the oldest end, so skipping rows never costs more than half the list.
 */
function pageSql(condition: string, from: 'newest-first' | 'oldest-first'): string {
  const direction = from === 'newest-first' ? 'DESC' : 'ASC';
  return `SELECT ${DOC_USER_COLUMNS}
FROM (SELECT id, updated_at FROM docs WHERE owner_id = ?${condition}
      ORDER BY updated_at ${direction}, id ${direction} LIMIT ? OFFSET ?) page
JOIN docs d ON d.id = page.id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
ORDER BY page.updated_at DESC, page.id DESC, ${MEMBERS_ORDER}`;
}

const DETAIL_SQL = `SELECT ${DOC_USER_COLUMNS}, d.html AS html
FROM docs d
JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ?
ORDER BY ${MEMBERS_ORDER}`;

const TOTAL_SQL = 'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ?';

const INSERT_DOC_COLUMNS =
  'INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at)';
const INSERT_HOME_DOC_SQL = `${INSERT_DOC_COLUMNS} VALUES (?, ?, NULL, ?, ?, ?, ?)`;
/** Resolves the folder in the same statement; inserts nothing if the folder is missing. */
const INSERT_FOLDER_DOC_SQL = `${INSERT_DOC_COLUMNS}
SELECT ?, ?, f.id, ?, ?, ?, ? FROM folders f WHERE f.user_id = ? AND f.path_hash = ?`;
const INSERT_OWNER_SQL =
  "INSERT INTO user_docs (user_id, doc_id, role, created_at) VALUES (?, ?, 'owner', ?)";

function countBumpSql(dialect: SqlDialect): string {
  const insert = 'INSERT INTO user_doc_counts (user_id, slot, doc_count) VALUES (?, ?, ?)';
  return dialect === 'mysql'
    ? `${insert} ON DUPLICATE KEY UPDATE doc_count = doc_count + ?`
    : `${insert} ON CONFLICT (user_id, slot) DO UPDATE SET doc_count = doc_count + ?`;
}

/** The list's two queries as the service runs them, for tools (the benchmark's EXPLAIN). */
export const listQueries = {
  total: TOTAL_SQL,
  page: (from: 'newest-first' | 'oldest-first') => pageSql('', from),
};

const EXISTS_OWNED_SQL = 'SELECT 1 AS found FROM docs WHERE uuid = ? AND owner_id = ?';

const DELETE_OWNED_SQL = 'DELETE FROM docs WHERE uuid = ? AND owner_id = ?';

/**
 * The document queries. The hot paths are plain SQL, written once, and return plain rows:
 * no entity is hydrated and no query is built per request.
 */
@Injectable()
export class DocsRepository {
  private readonly countBump: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.countBump = countBumpSql(sqlDialect(dataSource));
  }

  /**
   * Writes the document, its owner's `user_docs` row and the owner's count, inside the
   * caller's transaction: three statements.
   */
  async insert(manager: EntityManager, doc: NewDoc): Promise<void> {
    const at = toSqlTimestamp(doc.at);
    const values = [doc.uuid, doc.ownerId];
    const inserted =
      doc.folderPathHash === null
        ? await executeStatement(manager, INSERT_HOME_DOC_SQL, [
            ...values,
            doc.title,
            doc.html,
            at,
            at,
          ])
        : await executeStatement(manager, INSERT_FOLDER_DOC_SQL, [
            ...values,
            doc.title,
            doc.html,
            at,
            at,
            doc.ownerId,
            doc.folderPathHash,
          ]);
    if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
    await executeStatement(manager, INSERT_OWNER_SQL, [doc.ownerId, inserted.insertId, at]);
    await this.addToCount(manager, doc.ownerId, 1);
  }

  /**
   * How many documents the list shows. All of them: the sum of the user's count slots (at
   * most 16 rows). One folder: counted on the folder's list-order index.
   */
  async countForUser(userId: number, filter: FolderFilter): Promise<number> {
    if (filter === undefined) {
      const [row] = await this.rows<{ n: number | string }>(TOTAL_SQL, [userId]);
      return Number(row?.n ?? 0);
    }
    const [condition, parameters] = folderCondition(filter, userId);
    const [row] = await this.rows<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM docs WHERE owner_id = ?${condition}`,
      [userId, ...parameters],
    );
    return Number(row?.n ?? 0);
  }

  /** One page of the user's documents, most recently updated first, with all their users. */
  listPageForUser(
    userId: number,
    filter: FolderFilter,
    limit: number,
    offset: number,
    totalCount: number,
  ): Promise<DocUserRow[]> {
    const window = pageWindow(offset, limit, totalCount);
    const [condition, parameters] = folderCondition(filter, userId);
    return this.rows<DocUserRow>(pageSql(condition, window.from), [
      userId,
      ...parameters,
      window.limit,
      window.offset,
    ]);
  }

  /** A document the user can see, with its HTML and every user of it. */
  findDetailForUser(uuid: string, userId: number): Promise<DocUserRow[]> {
    return this.rows<DocUserRow>(DETAIL_SQL, [userId, uuid]);
  }

  /**
   * Changes an owned document in one statement; false when the user owns no document with
   * this UUID. `updated_at` always changes, so a matched row is always an affected row.
   */
  async updateOwned(
    manager: EntityManager,
    uuid: string,
    ownerId: number,
    changes: { title?: string; html?: string },
    at: Date,
  ): Promise<boolean> {
    const assignments: string[] = [];
    const parameters: unknown[] = [];
    if (changes.title !== undefined) {
      assignments.push('title = ?');
      parameters.push(changes.title);
    }
    if (changes.html !== undefined) {
      assignments.push('html = ?');
      parameters.push(changes.html);
    }
    assignments.push('updated_at = ?');
    parameters.push(toSqlTimestamp(at), uuid, ownerId);
    const result = await executeStatement(
      manager,
      `UPDATE docs SET ${assignments.join(', ')} WHERE uuid = ? AND owner_id = ?`,
      parameters,
    );
    return result.affected > 0;
  }

  /** Deletes an owned document (its `user_docs` rows go with it) and takes it off the count. */
  async deleteOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    const result = await executeStatement(manager, DELETE_OWNED_SQL, [uuid, ownerId]);
    if (result.affected === 0) return false;
    await this.addToCount(manager, ownerId, -1);
    return true;
  }

  /** Whether the user owns a document with this UUID. */
  async existsOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    const rows = await manager.query<unknown[]>(EXISTS_OWNED_SQL, [uuid, ownerId]);
    return rows.length > 0;
  }

  private async addToCount(manager: EntityManager, userId: number, delta: number): Promise<void> {
    const slot = randomInt(DOC_COUNT_SLOTS);
    await executeStatement(manager, this.countBump, [userId, slot, delta, delta]);
  }

  private rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return this.dataSource.query<T[]>(sql, parameters);
  }
}
