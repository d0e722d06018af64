import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { toDate, toSqlTimestamp } from '../../database/sql-values';
import { StatementList } from '../../database/statement-catalogue';
import { TransactionRunner } from '../../database/transaction-runner';
import { MEMBERS_ORDER } from './doc-list.statements';
import { USER_HAS_DOC } from './grants-sql';
import type { Role } from './doc-access';
import { ChangeEvents } from '../../events/change-events';

/** A user of a document, as `GET /docs/{uuid}/users` lists them. */
export interface DocUserRow {
  user_id: number;
  role: Role;
  added_at: Date | string;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
}

/** What sharing did: added the user, changed their role, found it as asked, or no document. */
export type ShareOutcome =
  { kind: 'added' } | { kind: 'kept'; addedAt: Date | string } | { kind: 'no document' };

const forUpdate = (dialect: SqlDialect) => (dialect === 'mysql' ? ' FOR UPDATE' : '');

const docUsersSql = {
  /** The users of a document the caller has (parameters: uuid, caller's id three times). */
  users: `SELECT m.user_id AS user_id, m.role AS role, m.created_at AS added_at,
  u.fname AS fname, u.lname AS lname, u.email AS email, u.avatar_url AS avatar_url
FROM docs d
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ? AND ${USER_HAS_DOC}
ORDER BY ${MEMBERS_ORDER}`,
  /**
   * Reads the document's `updated_at` and the user's current row, locking the document row on
   * MySQL: concurrent shares, updates and deletes of one document take turns on this node, so
   * a new row copies the latest `updated_at`. (Across Galera nodes, certification does that.)
   */
  lockDoc: (dialect: SqlDialect) =>
    `SELECT d.updated_at AS updated_at, t.role AS role, t.created_at AS added_at
FROM docs d LEFT JOIN user_docs t ON t.doc_id = d.id AND t.user_id = ?
WHERE d.id = ? AND d.deleted_at IS NULL${forUpdate(dialect)}`,
  add: 'INSERT INTO user_docs (user_id, doc_id, role, created_at, doc_updated_at) VALUES (?, ?, ?, ?, ?)',
  changeRole: 'UPDATE user_docs SET role = ? WHERE user_id = ? AND doc_id = ?',
  /** The role a member holds, read (and locked on MySQL) before removing them. */
  role: (dialect: SqlDialect) =>
    `SELECT role FROM user_docs WHERE doc_id = ? AND user_id = ? AND role <> 'owner'${forUpdate(dialect)}`,
  /** The owner's row is never removed here: it goes with the document. */
  remove: "DELETE FROM user_docs WHERE doc_id = ? AND user_id = ? AND role <> 'owner'",
};

/** Every text of a document's users on a dialect. */
export const docUsersStatements: StatementList = (dialect) => ({
  ...docUsersSql,
  lockDoc: docUsersSql.lockDoc(dialect),
  role: docUsersSql.role(dialect),
});

/** The queries behind sharing. Triggers keep every user's counts as rows come and go. */
@Injectable()
export class DocUsersRepository {
  private readonly lockDocSql: string;
  private readonly roleSql: string;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly changes: ChangeEvents,
  ) {
    this.lockDocSql = docUsersSql.lockDoc(sqlDialect(dataSource));
    this.roleSql = docUsersSql.role(sqlDialect(dataSource));
  }

  /**
   * Every user of a document (its `user_docs`), owner first, if the caller has it (as one of
   * them, or through a grant); empty otherwise.
   */
  findAll(uuid: string, callerId: number): Promise<DocUserRow[]> {
    return this.sql.rows<DocUserRow>(docUsersSql.users, [uuid, callerId, callerId, callerId]);
  }

  /**
   * Gives the user this role on the document, adding them if they have none (announced to the
   * listeners of `member.added` in the same transaction, as done by `actorId`).
   */
  share(
    docId: number,
    userId: number,
    role: Role,
    at: Date,
    actorId: number,
  ): Promise<ShareOutcome> {
    return this.transactions.run(async (manager) => {
      const [current] = await this.sql.rows<{
        updated_at: Date | string;
        role: Role | null;
        added_at: Date | string | null;
      }>(this.lockDocSql, [userId, docId], manager);
      if (!current) return { kind: 'no document' };
      if (current.role === null) {
        await this.sql.run(
          docUsersSql.add,
          [userId, docId, role, toSqlTimestamp(at), toSqlTimestamp(toDate(current.updated_at))],
          manager,
        );
        await this.changes.announce(manager, 'member.added', {
          docId,
          userId,
          role,
          actorId,
        });
        return { kind: 'added' };
      }
      if (current.role !== role) {
        await this.sql.run(docUsersSql.changeRole, [role, userId, docId], manager);
      }
      return { kind: 'kept', addedAt: current.added_at! };
    });
  }

  /**
   * Removes a user other than the owner (announced like `share`); false when they had no row.
   */
  remove(docId: number, userId: number, actorId: number): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [held] = await this.sql.rows<{ role: Role }>(this.roleSql, [docId, userId], manager);
      if (!held) return false;
      const result = await this.sql.run(docUsersSql.remove, [docId, userId], manager);
      if (result.affected === 0) return false;
      await this.changes.announce(manager, 'member.removed', {
        docId,
        userId,
        role: held.role,
        actorId,
      });
      return true;
    });
  }
}
