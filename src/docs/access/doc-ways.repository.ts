import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { toSqlTimestamp } from '../../database/sql-values';
import { StatementList } from '../../database/statement-catalogue';
import { folderShareCovers } from './grants-sql';

/**
 * The writes that keep a document's ways in step with the document, each in the caller's
 * transaction: its users' and grants' copies of `updated_at` (SQLite; MySQL's update writes
 * them in its own statement), its grants from folder shares after a move, and its users and
 * grants while it is in the trash.
 */
export const docWaysSql = {
  /** SQLite, after an update: the users' copies of updated_at, and the grants'. */
  copyUpdatedAt: 'UPDATE user_docs SET doc_updated_at = ? WHERE doc_id = ?',
  copyUpdatedAtToGrants: 'UPDATE doc_grants SET doc_updated_at = ? WHERE doc_id = ?',

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
   * Into the trash, its users move to `trashed_doc_members`, so the document is in no list,
   * count or access check until the trash restores it. MySQL first holds their rows, so no
   * unshare or role change slips in between.
   */
  lockMembers: 'SELECT user_id FROM user_docs WHERE doc_id = ? FOR UPDATE',
  keepMembers: `INSERT INTO trashed_doc_members (doc_id, user_id, role, created_at)
SELECT doc_id, user_id, role, created_at FROM user_docs WHERE doc_id = ?`,
  /** Triggers take each member's count down with their row. */
  removeMembers: 'DELETE FROM user_docs WHERE doc_id = ?',
  /** The grants stay, giving nothing while the document is in the trash. */
  suspendGrants: 'UPDATE doc_grants SET trashed = 1 WHERE doc_id = ?',

  /** Out of the trash, the users come back with the document's `updated_at` as their list order. */
  restoreMembers: `INSERT INTO user_docs (user_id, doc_id, role, created_at, doc_updated_at)
SELECT t.user_id, t.doc_id, t.role, t.created_at, d.updated_at
FROM trashed_doc_members t JOIN docs d ON d.id = t.doc_id WHERE t.doc_id = ?`,
  forgetMembers: 'DELETE FROM trashed_doc_members WHERE doc_id = ?',
  /** The grants give their roles again, in the document's list order. */
  resumeGrants: `UPDATE doc_grants SET trashed = 0, doc_updated_at = (SELECT updated_at FROM docs WHERE id = ?)
WHERE doc_id = ?`,
};

@Injectable()
export class DocWaysRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /** SQLite, after an update of the document: its users' and grants' copies of `updated_at`. */
  async copyUpdatedAt(manager: EntityManager, docId: number, timestamp: string): Promise<void> {
    await this.sql.run(docWaysSql.copyUpdatedAt, [timestamp, docId], manager);
    await this.sql.run(docWaysSql.copyUpdatedAtToGrants, [timestamp, docId], manager);
  }

  /**
   * After a move (in its transaction, by the owner): the document's grants from folder shares
   * are those of its new folder.
   */
  async followFolder(manager: EntityManager, uuid: string, at: Date): Promise<void> {
    await this.sql.run(docWaysSql.dropFolderGrants, [uuid], manager);
    await this.sql.run(
      docWaysSql.grantFolderShares(this.dialect),
      [toSqlTimestamp(at), uuid],
      manager,
    );
  }

  /** Into the trash: the document's users are kept aside, and its grants give nothing. */
  async suspend(manager: EntityManager, docId: number): Promise<void> {
    if (this.dialect === 'mysql') await this.sql.rows(docWaysSql.lockMembers, [docId], manager);
    await this.sql.run(docWaysSql.keepMembers, [docId], manager);
    await this.sql.run(docWaysSql.removeMembers, [docId], manager);
    await this.sql.run(docWaysSql.suspendGrants, [docId], manager);
  }

  /** Out of the trash: the document's users and grants, as they were. */
  async resume(manager: EntityManager, docId: number): Promise<void> {
    await this.sql.run(docWaysSql.restoreMembers, [docId], manager);
    await this.sql.run(docWaysSql.forgetMembers, [docId], manager);
    await this.sql.run(docWaysSql.resumeGrants, [docId, docId], manager);
  }
}

/** Every statement of these writes (see `statement-catalogue.ts`). */
export const docWaysStatements: StatementList = (dialect) => ({
  ...Object.fromEntries(
    Object.entries(docWaysSql).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  ),
  grantFolderShares: docWaysSql.grantFolderShares(dialect),
});
