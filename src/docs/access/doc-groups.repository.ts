import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { toSqlTimestamp } from '../../database/sql-values';
import { StatementList } from '../../database/statement-catalogue';
import { TransactionRunner } from '../../database/transaction-runner';
import { ChangeEvents } from '../../events/change-events';
import type { SharedRole } from './doc-access';
import type { ShareOutcome } from './doc-users.repository';

/** A group a document is shared with, as `GET /docs/{uuid}/groups` lists them. */
export interface DocGroupRow {
  group_id: number;
  name: string;
  role: SharedRole;
  added_at: Date | string;
}

/** The grants that share a document with a group itself (not through a folder share). */
const DIRECT = "grantee_type = 'group' AND folder_share_id = 0";

const docGroupsSql = {
  groups: `SELECT g.grantee_id AS group_id, ug.name AS name, g.role AS role, g.created_at AS added_at
FROM doc_grants g JOIN user_groups ug ON ug.id = g.grantee_id
WHERE g.doc_id = ? AND g.grantee_type = 'group' AND g.folder_share_id = 0
ORDER BY g.created_at, g.grantee_id`,
  /**
   * The document row is locked (MySQL) so a share and an update or a delete take turns: the
   * grant copies the latest updated_at, and a trashed document is not shared.
   */
  lockDoc: (dialect: SqlDialect) =>
    `SELECT d.updated_at AS updated_at, g.role AS role, g.created_at AS added_at
FROM docs d LEFT JOIN doc_grants g ON g.doc_id = d.id AND g.grantee_type = 'group' AND g.grantee_id = ? AND g.folder_share_id = 0
WHERE d.id = ? AND d.deleted_at IS NULL${dialect === 'mysql' ? ' FOR UPDATE' : ''}`,
  add:
    'INSERT INTO doc_grants (grantee_type, grantee_id, doc_id, folder_share_id, role, created_at, doc_updated_at, trashed) ' +
    "SELECT 'group', ?, id, 0, ?, ?, updated_at, 0 FROM docs WHERE id = ?",
  changeRole: `UPDATE doc_grants SET role = ? WHERE doc_id = ? AND grantee_id = ? AND ${DIRECT}`,
  role: `SELECT role FROM doc_grants WHERE doc_id = ? AND grantee_id = ? AND ${DIRECT}`,
  remove: `DELETE FROM doc_grants WHERE doc_id = ? AND grantee_id = ? AND ${DIRECT}`,
};

/** Every text of a document's groups on a dialect. */
export const docGroupsStatements: StatementList = (dialect) => ({
  ...docGroupsSql,
  lockDoc: docGroupsSql.lockDoc(dialect),
});

/**
 * The statements of sharing a document with groups: a grant (`doc_grants`) to the group, with
 * no folder share, mirroring the document's `updated_at` for its members' lists.
 */
@Injectable()
export class DocGroupsRepository {
  private readonly lockDocSql: string;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly changes: ChangeEvents,
  ) {
    this.lockDocSql = docGroupsSql.lockDoc(sqlDialect(dataSource));
  }

  /** The groups the document is shared with, by when. */
  findAll(docId: number): Promise<DocGroupRow[]> {
    return this.sql.rows<DocGroupRow>(docGroupsSql.groups, [docId]);
  }

  /**
   * Gives the group this role on the document: adds the grant (announced as
   * `document.group_shared` in the same transaction, as done by `actorId`), or changes its role.
   */
  share(
    docId: number,
    groupId: number,
    role: SharedRole,
    at: Date,
    actorId: number,
  ): Promise<ShareOutcome> {
    return this.transactions.run(async (manager) => {
      const [current] = await this.sql.rows<{
        updated_at: Date | string;
        role: SharedRole | null;
        added_at: Date | string | null;
      }>(this.lockDocSql, [groupId, docId], manager);
      if (!current) return { kind: 'no document' };
      if (current.role === null) {
        await this.sql.run(docGroupsSql.add, [groupId, role, toSqlTimestamp(at), docId], manager);
        await this.changes.announce(manager, 'document.group_shared', {
          docId,
          groupId,
          role,
          actorId,
        });
        return { kind: 'added' };
      }
      if (current.role !== role) {
        await this.sql.run(docGroupsSql.changeRole, [role, docId, groupId], manager);
      }
      return { kind: 'kept', addedAt: current.added_at! };
    });
  }

  /** Takes the document's share with the group back (announced like `share`); false when there was none. */
  remove(docId: number, groupId: number, actorId: number): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [held] = await this.sql.rows<{ role: SharedRole }>(
        docGroupsSql.role,
        [docId, groupId],
        manager,
      );
      if (!held) return false;
      const result = await this.sql.run(docGroupsSql.remove, [docId, groupId], manager);
      if (result.affected === 0) return false;
      await this.changes.announce(manager, 'document.group_unshared', {
        docId,
        groupId,
        role: held.role,
        actorId,
      });
      return true;
    });
  }
}
