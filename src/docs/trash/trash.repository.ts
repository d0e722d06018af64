import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { jsonIntegerRows } from '../../database/sql-lists';
import { StatementList } from '../../database/statement-catalogue';
import { toSqlTimestamp } from '../../database/sql-values';
import { TransactionRunner } from '../../database/transaction-runner';
import { DocWaysRepository } from '../access/doc-ways.repository';
import { SearchPostingsRepository } from '../documents/search-postings.repository';

/** A document in the trash, as the trash list shows it. */
export interface TrashRow {
  uuid: string;
  title: string;
  /** The owner's folder; null for home. */
  path: string | null;
  deleted_at: Date | string;
}

const forUpdate = (lock: boolean) => (lock ? ' FOR UPDATE' : '');

/**
 * The statements of the trash, written once: what the documents' delete moved there (see
 * `moveToTrashSql` and `DocWaysRepository.suspend`) comes back, is listed, or is deleted for good.
 */
export const trashSql = {
  findTrashed: (lock: boolean) =>
    `SELECT id FROM docs WHERE uuid = ? AND owner_id = ? AND deleted_at IS NOT NULL${forUpdate(lock)}`,
  markRestored: 'UPDATE docs SET deleted_at = NULL WHERE id = ?',
  deleteTrash: 'DELETE FROM trash WHERE doc_id = ?',
  /**
   * For good (by the id `findTrashed` gave, after its postings): its versions, kept members and
   * trash row go with it (foreign keys cascade).
   */
  purgeOne: 'DELETE FROM docs WHERE id = ?',
  count: 'SELECT COUNT(*) AS n FROM trash WHERE owner_id = ?',
  page: `SELECT d.uuid AS uuid, d.title AS title, f.path AS path, t.deleted_at AS deleted_at
FROM trash t JOIN docs d ON d.id = t.doc_id LEFT JOIN folders f ON f.id = d.folder_id
WHERE t.owner_id = ?
ORDER BY t.deleted_at DESC, t.doc_id DESC LIMIT ? OFFSET ?`,

  /** The oldest expired entries first, on the `deleted_at` index. */
  expired: 'SELECT doc_id FROM trash WHERE deleted_at <= ? ORDER BY deleted_at, doc_id LIMIT ?',
  /**
   * Deletes those still trashed since before the cutoff: a document restored meanwhile has
   * `deleted_at` NULL, one trashed again a newer one, and both stay. Parameters: the ids as a
   * JSON array (the purge job's, off the hot path), then the cutoff; locked on MySQL.
   */
  stillExpired: (dialect: SqlDialect) =>
    `SELECT d.id AS id FROM ${jsonIntegerRows(dialect)} AS ids JOIN docs d ON d.id = ids.value
WHERE d.deleted_at IS NOT NULL AND d.deleted_at <= ?${forUpdate(dialect === 'mysql')}`,
  /**
   * Those, after their postings (parameter: their ids as a JSON array). MariaDB reads a
   * single-table DELETE's `IN (SELECT ...)` for each row of the table: there it is a join.
   */
  purgeExpired: (dialect: SqlDialect) =>
    dialect === 'mysql'
      ? `DELETE d FROM docs d JOIN ${jsonIntegerRows(dialect)} AS ids ON d.id = ids.value`
      : `DELETE FROM docs WHERE id IN (SELECT value FROM ${jsonIntegerRows(dialect)} AS ids)`,
};

/** Every text the trash sends on a dialect. */
export const trashStatements: StatementList = (dialect) => ({
  findTrashed: trashSql.findTrashed(dialect === 'mysql'),
  markRestored: trashSql.markRestored,
  deleteTrash: trashSql.deleteTrash,
  purgeOne: trashSql.purgeOne,
  count: trashSql.count,
  page: trashSql.page,
  expired: trashSql.expired,
  stillExpired: trashSql.stillExpired(dialect),
  purgeExpired: trashSql.purgeExpired(dialect),
});

/** The trash's queries: moving out, the list, and deleting for good. */
@Injectable()
export class TrashRepository {
  private readonly dialect: SqlDialect;
  private readonly lock: boolean;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly postings: SearchPostingsRepository,
    private readonly ways: DocWaysRepository,
  ) {
    this.dialect = sqlDialect(dataSource);
    this.lock = this.dialect === 'mysql';
  }

  /** Brings the owner's trashed document back with its members; false when it is not there. */
  restore(uuid: string, ownerId: number): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [doc] = await this.sql.rows<{ id: number }>(
        trashSql.findTrashed(this.lock),
        [uuid, ownerId],
        manager,
      );
      if (!doc) return false;
      await this.sql.run(trashSql.markRestored, [doc.id], manager);
      await this.sql.run(trashSql.deleteTrash, [doc.id], manager);
      await this.ways.resume(manager, doc.id);
      return true;
    });
  }

  /** Deletes the owner's trashed document for good; false when it is not in their trash. */
  purge(uuid: string, ownerId: number): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [doc] = await this.sql.rows<{ id: number }>(
        trashSql.findTrashed(this.lock),
        [uuid, ownerId],
        manager,
      );
      if (!doc) return false;
      await this.postings.removeDocs(manager, [Number(doc.id)]);
      await this.sql.run(trashSql.purgeOne, [doc.id], manager);
      return true;
    });
  }

  /** A page of the owner's trash, most recently trashed first, and its total, at one moment. */
  page(
    ownerId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: TrashRow[]; totalCount: number }> {
    return this.transactions.snapshot(async (manager) => {
      const [counted] = await this.sql.rows<{ n: number | string }>(
        trashSql.count,
        [ownerId],
        manager,
      );
      const totalCount = Number(counted.n);
      if (offset >= totalCount) return { rows: [], totalCount };
      const rows = await this.sql.rows<TrashRow>(trashSql.page, [ownerId, limit, offset], manager);
      return { rows, totalCount };
    });
  }

  /**
   * Deletes up to `limit` documents trashed at or before `cutoff`, in one short transaction;
   * returns how many expired entries it found (fewer than `limit`: none are left).
   */
  purgeExpired(cutoff: Date, limit: number): Promise<{ found: number; purged: number }> {
    const timestamp = toSqlTimestamp(cutoff);
    return this.transactions.run(async (manager: EntityManager) => {
      const rows = await this.sql.rows<{ doc_id: number }>(
        trashSql.expired,
        [timestamp, limit],
        manager,
      );
      if (rows.length === 0) return { found: 0, purged: 0 };
      const expired = await this.sql.rows<{ id: number }>(
        trashSql.stillExpired(this.dialect),
        [JSON.stringify(rows.map((row) => Number(row.doc_id))), timestamp],
        manager,
      );
      const ids = expired.map((row) => Number(row.id));
      if (ids.length === 0) return { found: rows.length, purged: 0 };
      await this.postings.removeDocs(manager, ids);
      const result = await this.sql.run(
        trashSql.purgeExpired(this.dialect),
        [JSON.stringify(ids)],
        manager,
      );
      return { found: rows.length, purged: result.affected };
    });
  }
}
