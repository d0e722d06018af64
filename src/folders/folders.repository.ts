import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { toSqlTimestamp } from '../database/sql-values';
import { TransactionRunner } from '../database/transaction-runner';

export interface FolderRow {
  path: string;
  created_at: Date | string;
}

/**
 * The folder chain of a path, missing folders only, in one statement with `count` rows
 * (parameters: user id, created_at, then path and path hash of each folder, then user id).
 */
export const insertMissingFoldersSql = (dialect: SqlDialect, count: number) => {
  const rows = Array(count).fill('SELECT ? AS path, ? AS path_hash').join(' UNION ALL ');
  return `${dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO folders (user_id, path, path_hash, created_at)
SELECT ?, chain.path, chain.path_hash, ? FROM (${rows}) chain
WHERE NOT EXISTS (SELECT 1 FROM folders f WHERE f.user_id = ? AND f.path_hash = chain.path_hash)`;
};

const foldersSql = {
  total: 'SELECT COUNT(*) AS n FROM folders WHERE user_id = ?',
  page: (dialect: SqlDialect) =>
    `SELECT path, created_at FROM folders WHERE user_id = ?
      ORDER BY path${dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : ''} LIMIT ? OFFSET ?`,
};

@Injectable()
export class FoldersRepository {
  constructor(
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Inserts the folders that do not exist yet, in one statement; existing ones (same user and
   * path) are kept. Folders that already exist are skipped by the NOT EXISTS test, which in a
   * READ COMMITTED transaction reads without locking, so concurrent creates into the same
   * existing parent do not lock each other out (a duplicate-key check would take a shared
   * next-key lock on the parent and deadlock sibling inserts). IGNORE settles the race of two
   * requests creating the same new folder: the unique index keeps one row.
   */
  async insertMissing(
    manager: EntityManager,
    userId: number,
    folders: { path: string; pathHash: string }[],
    createdAt: Date,
  ): Promise<void> {
    await this.sql.run(
      insertMissingFoldersSql(sqlDialect(manager.connection), folders.length),
      [
        userId,
        toSqlTimestamp(createdAt),
        ...folders.flatMap((folder) => [folder.path, folder.pathHash]),
        userId,
      ],
      manager,
    );
  }

  /**
   * One page of the user's folders in code-point order of their paths (UTF-8 byte order: SQLite
   * compares text as bytes; MySQL by the binary collation, over whole paths, see
   * `MYSQL_SESSION_SETUP`), and how many there are, both from one moment.
   */
  page(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: FolderRow[]; totalCount: number }> {
    return this.transactions.snapshot(async (manager) => {
      const [total] = await this.sql.rows<{ n: number | string }>(
        foldersSql.total,
        [userId],
        manager,
      );
      const totalCount = Number(total?.n ?? 0);
      if (offset >= totalCount) return { rows: [], totalCount };
      const page = foldersSql.page(sqlDialect(manager.connection));
      const rows = await this.sql.rows<FolderRow>(page, [userId, limit, offset], manager);
      return { rows, totalCount };
    });
  }
}
