import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { paddedLength, paddedLengths, paddedList, placeholders } from '../../database/sql-lists';
import { toSqlTimestamp } from '../../database/sql-values';
import { StatementList } from '../../database/statement-catalogue';
import { TransactionRunner } from '../../database/transaction-runner';
import { MAX_PATH_DEPTH } from '../../folders/folder-path';
import type { GranteeType } from './entities/doc-grant.entity';
import { ChangeEvents } from '../../events/change-events';
import type { SharedRole } from './doc-access';

/** Who a folder is shared with. */
export interface Grantee {
  type: GranteeType;
  id: number;
}

/** A folder of the owner's tree, as the statements name it. */
export interface SharedFolder {
  path: string;
  pathHash: string;
  /** Home: every document of the owner is in it. */
  isHome: boolean;
}

/** A folder share with its grantee's details (a user's, or a group's name). */
export interface FolderShareRow {
  id: number;
  path: string;
  grantee_type: GranteeType;
  grantee_id: number;
  role: SharedRole;
  created_at: Date | string;
  fname: string | null;
  lname: string | null;
  email: string | null;
  avatar_url: string | null;
  group_name: string | null;
}

export type FolderShareOutcome =
  { kind: 'added'; id: number } | { kind: 'kept'; id: number; createdAt: Date | string };

const binary = (dialect: SqlDialect) => (dialect === 'mysql' ? ' COLLATE utf8mb4_bin' : '');

/**
 * The most folders whose shares a list reads, padded: home and each folder of a path (its
 * ancestors and itself, `FolderPath.enclosingHashes`), 65, padded to 128.
 */
const MOST_LISTED_FOLDERS = paddedLength(MAX_PATH_DEPTH + 1);

const listSql = (dialect: SqlDialect, folders: number | null) =>
  `SELECT fs.id AS id, fs.path AS path, fs.grantee_type AS grantee_type, fs.grantee_id AS grantee_id,
  fs.role AS role, fs.created_at AS created_at, u.fname AS fname, u.lname AS lname, u.email AS email,
  u.avatar_url AS avatar_url, ug.name AS group_name
FROM folder_shares fs
LEFT JOIN users u ON fs.grantee_type = 'user' AND u.id = fs.grantee_id
LEFT JOIN user_groups ug ON fs.grantee_type = 'group' AND ug.id = fs.grantee_id
WHERE fs.owner_id = ?${folders === null ? '' : ` AND fs.path_hash IN (${placeholders(folders)})`}
ORDER BY fs.path${binary(dialect)}, fs.created_at, fs.id`;

/**
 * The grants of a new share: one per document of the owner in the folder or below it, the
 * trashed ones suspended. The documents are read with a lock (MySQL): an update in flight is
 * waited for, so each grant copies the document's latest `updated_at`. Parameters: grantee
 * type and id, share id, role, created_at, owner id, then for a folder other than home: owner
 * id, its path hash, the length of its path and `/`, and its path and `/`.
 */
const grantDocsSql = (dialect: SqlDialect, home: boolean) =>
  `INSERT INTO doc_grants (grantee_type, grantee_id, doc_id, folder_share_id, role, created_at, doc_updated_at, trashed)
SELECT ?, ?, d.id, ?, ?, ?, d.updated_at, CASE WHEN d.deleted_at IS NULL THEN 0 ELSE 1 END
FROM docs d WHERE d.owner_id = ?${
    home
      ? ''
      : ` AND d.folder_id IN (SELECT f.id FROM folders f WHERE f.user_id = ? AND (f.path_hash = ? OR SUBSTR(f.path, 1, ?) = ?${binary(dialect)}))`
  }${dialect === 'mysql' ? ' LOCK IN SHARE MODE' : ''}`;

const grantsOfShare = 'WHERE grantee_type = ? AND grantee_id = ? AND folder_share_id = ?';

const folderSharesSql = {
  find: 'SELECT id, role, created_at FROM folder_shares WHERE owner_id = ? AND path_hash = ? AND grantee_type = ? AND grantee_id = ?',
  insert:
    'INSERT INTO folder_shares (owner_id, path, path_hash, grantee_type, grantee_id, role, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  changeRole: 'UPDATE folder_shares SET role = ? WHERE id = ?',
  changeGrantsRole: `UPDATE doc_grants SET role = ? ${grantsOfShare}`,
  findOwned:
    'SELECT grantee_type, grantee_id, path, role FROM folder_shares WHERE id = ? AND owner_id = ?',
  deleteGrants: `DELETE FROM doc_grants ${grantsOfShare}`,
  delete: 'DELETE FROM folder_shares WHERE id = ?',
  /** MySQL only (see `holdOwner`). */
  holdOwner: 'SELECT id FROM users WHERE id = ? FOR UPDATE',
};

/** Every text of folder shares on a dialect: the list of a path's folders at each padded length. */
export const folderSharesStatements: StatementList = (dialect) => {
  const { holdOwner, ...always } = folderSharesSql;
  const list: Record<string, string> = {
    ...always,
    ...(dialect === 'mysql' ? { holdOwner } : {}),
    listAll: listSql(dialect, null),
    grantDocsHome: grantDocsSql(dialect, true),
    grantDocsFolder: grantDocsSql(dialect, false),
  };
  for (const length of paddedLengths(MOST_LISTED_FOLDERS)) {
    list[`listFolders${length}`] = listSql(dialect, length);
  }
  return list;
};

/**
 * The statements of folder shares: the share (`folder_shares`) and its grants (`doc_grants`,
 * one per document, naming the share), made, changed and removed together. The documents'
 * own statements give a document created in or moved into the folder its grants.
 */
@Injectable()
export class FolderSharesRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly changes: ChangeEvents,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /**
   * The owner's shares, of the folders with these path hashes if given (at least one, at most
   * `MOST_LISTED_FOLDERS`), by path.
   */
  findAll(ownerId: number, pathHashes?: string[]): Promise<FolderShareRow[]> {
    if (pathHashes === undefined) {
      return this.sql.rows<FolderShareRow>(listSql(this.dialect, null), [ownerId]);
    }
    const hashes = paddedList(pathHashes);
    return this.sql.rows<FolderShareRow>(listSql(this.dialect, hashes.length), [
      ownerId,
      ...hashes,
    ]);
  }

  /**
   * Gives the grantee the role on the folder: a new share and a grant on every document in it
   * now (announced as `folder.shared` in the same transaction), or the share's new
   * role on them all.
   */
  share(
    ownerId: number,
    folder: SharedFolder,
    grantee: Grantee,
    role: SharedRole,
    at: Date,
  ): Promise<FolderShareOutcome> {
    return this.transactions.run(async (manager) => {
      await this.holdOwner(manager, ownerId);
      const [current] = await this.sql.rows<{
        id: number;
        role: SharedRole;
        created_at: Date | string;
      }>(folderSharesSql.find, [ownerId, folder.pathHash, grantee.type, grantee.id], manager);
      if (current) {
        const id = Number(current.id);
        if (current.role !== role) {
          await this.sql.run(folderSharesSql.changeRole, [role, id], manager);
          await this.sql.run(
            folderSharesSql.changeGrantsRole,
            [role, grantee.type, grantee.id, id],
            manager,
          );
        }
        return { kind: 'kept', id, createdAt: current.created_at };
      }
      const timestamp = toSqlTimestamp(at);
      const { insertId: id } = await this.sql.run(
        folderSharesSql.insert,
        [ownerId, folder.path, folder.pathHash, grantee.type, grantee.id, role, timestamp],
        manager,
      );
      const below = `${folder.path}/`;
      await this.sql.run(
        grantDocsSql(this.dialect, folder.isHome),
        [
          ...[grantee.type, grantee.id, id, role, timestamp, ownerId],
          ...(folder.isHome ? [] : [ownerId, folder.pathHash, [...below].length, below]),
        ],
        manager,
      );
      await this.changes.announce(manager, 'folder.shared', {
        shareId: id,
        ownerId,
        path: folder.path,
        grantee,
        role,
      });
      return { kind: 'added', id };
    });
  }

  /**
   * Removes the owner's share and its grants (announced like `share`); false when they have no
   * share with this id.
   */
  remove(ownerId: number, id: number): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      await this.holdOwner(manager, ownerId);
      const [share] = await this.sql.rows<{
        grantee_type: GranteeType;
        grantee_id: number;
        path: string;
        role: SharedRole;
      }>(folderSharesSql.findOwned, [id, ownerId], manager);
      if (!share) return false;
      await this.sql.run(
        folderSharesSql.deleteGrants,
        [share.grantee_type, share.grantee_id, id],
        manager,
      );
      await this.sql.run(folderSharesSql.delete, [id], manager);
      await this.changes.announce(manager, 'folder.unshared', {
        shareId: id,
        ownerId,
        path: share.path,
        grantee: { type: share.grantee_type, id: Number(share.grantee_id) },
        role: share.role,
      });
      return true;
    });
  }

  /**
   * MySQL: the owner's row, held exclusively while their shares change. A document being
   * created (by its foreign key) or moved holds it shared, so the two take turns: a share never
   * misses a document that is not committed yet, nor a document a share that is not.
   */
  private async holdOwner(manager: EntityManager, ownerId: number): Promise<void> {
    if (this.dialect === 'mysql') {
      await this.sql.rows(folderSharesSql.holdOwner, [ownerId], manager);
    }
  }
}
