import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { paddedLength, paddedLengths } from '../database/sql-lists';
import { toSqlTimestamp } from '../database/sql-values';
import { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';
import { MAX_PATH_DEPTH } from './folder-path';

export interface FolderRow {
  path: string;
  created_at: Date | string;
}

/**
 * The folder chain of a path, missing folders only, in one statement with `count` rows
 * (parameters: user id, created_at, then path and path hash of each folder, then user id). A
 * row whose path hash is null is padding, and skipped: the service pads the chain to a power
 * of two (`paddedLength`), at most `MAX_PATH_DEPTH` (64) rows, so that it has a few texts.
 */
export const insertMissingFoldersSql = (dialect: SqlDialect, count: number) => {
  const rows = Array(count).fill('SELECT ? AS path, ? AS path_hash').join(' UNION ALL ');
  return `${dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO folders (user_id, path, path_hash, created_at)
SELECT ?, chain.path, chain.path_hash, ? FROM (${rows}) chain
WHERE chain.path_hash IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM folders f WHERE f.user_id = ? AND f.path_hash = chain.path_hash)`;
};

const foldersSql = {
  total: 'SELECT COUNT(*) AS n FROM folders WHERE user_id = ?',
  page: (dialect: SqlDialect) =>
    `SELECT path, created_at FROM folders WHERE user_id = ?
      ORDER BY path${dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : ''} LIMIT ? OFFSET ?`,
};

/** Every text of folders on a dialect: the chain's insert at each padded length. */
export const foldersStatements: StatementList = (dialect) => {
  const list: Record<string, string> = {
    total: foldersSql.total,
    page: foldersSql.page(dialect),
  };
  for (const length of paddedLengths(MAX_PATH_DEPTH)) {
    list[`insertMissing${length}`] = insertMissingFoldersSql(dialect, length);
  }
  return list;
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
    const length = paddedLength(folders.length);
    const padding = Array<null>(2 * (length - folders.length)).fill(null);
    await this.sql.run(
      insertMissingFoldersSql(sqlDialect(manager.connection), length),
      [
        userId,
        toSqlTimestamp(createdAt),
        ...folders.flatMap((folder) => [folder.path, folder.pathHash]),
        ...padding,
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
