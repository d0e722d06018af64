import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { toSqlTimestamp } from '../database/sql-values';
import { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';
import { ChangeEvents } from '../events/change-events';
import type { GroupManager } from './group-managers';
import type { GroupRole } from './group-roles';

/** A group with the role of the user it was read for. */
export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  created_at: Date | string;
  member_count: number;
  role: GroupRole;
  managed_by: GroupManager;
}

/** A user in a group, as the member list shows them. */
export interface GroupMemberRow {
  user_id: number;
  role: GroupRole;
  added_at: Date | string;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
}

/** What adding a member did: added them, or found them there (role now as asked). */
export type AddMemberOutcome = { kind: 'added' } | { kind: 'kept'; addedAt: Date | string };

/** What removing a member did. */
export type RemoveMemberOutcome = 'removed' | 'not a member';

/** Why a change of members was not made (and nothing was written). */
export type MembersUnchanged = 'no group' | 'last manager';

const GROUP_COLUMNS =
  'g.id AS id, g.name AS name, g.description AS description, g.created_at AS created_at, g.member_count AS member_count, m.role AS role, g.managed_by AS managed_by';

/** What an update of a group sets: its name (with the key), its description, or both. */
type GroupFields = { name: boolean; description: boolean };

const forUpdate = (dialect: SqlDialect) => (dialect === 'mysql' ? ' FOR UPDATE' : '');

const groupsSql = {
  create:
    'INSERT INTO user_groups (name, name_key, description, member_count, manager_count, created_at) VALUES (?, ?, ?, 0, 0, ?)',
  addFirstManager:
    "INSERT INTO group_members (group_id, user_id, role, created_at) VALUES (?, ?, 'manager', ?)",
  forMember: `SELECT ${GROUP_COLUMNS}
FROM user_groups g JOIN group_members m ON m.group_id = g.id AND m.user_id = ?
WHERE g.id = ?`,
  summary: 'SELECT id, name FROM user_groups WHERE id = ?',
  idByNameKey: 'SELECT id FROM user_groups WHERE managed_by = ? AND name_key = ?',
  managedBy: 'SELECT name, managed_by FROM user_groups WHERE id = ?',
  /** A provider-managed group, made unless another sign-in just made it. */
  createProviderGroup: (dialect: SqlDialect) =>
    `INSERT ${dialect === 'mysql' ? 'IGNORE' : 'OR IGNORE'} INTO user_groups (name, name_key, description, member_count, manager_count, created_at, managed_by) VALUES (?, ?, NULL, 0, 0, ?, 'provider')`,
  providerGroupsOfUser: `SELECT m.group_id AS group_id
FROM group_members m JOIN user_groups g ON g.id = m.group_id
WHERE m.user_id = ? AND g.managed_by = 'provider'`,
  ofUser: `SELECT ${GROUP_COLUMNS}
FROM group_members m JOIN user_groups g ON g.id = m.group_id
WHERE m.user_id = ?
ORDER BY g.name_key, g.id
LIMIT ? OFFSET ?`,
  countOfUser: 'SELECT COUNT(*) AS n FROM group_members WHERE user_id = ?',
  members: `SELECT m.user_id AS user_id, m.role AS role, m.created_at AS added_at,
  u.fname AS fname, u.lname AS lname, u.email AS email, u.avatar_url AS avatar_url
FROM group_members m JOIN users u ON u.id = m.user_id
WHERE m.group_id = ?
ORDER BY m.role, m.created_at, m.user_id
LIMIT ? OFFSET ?`,
  /** Parameters: the name and its key, if set, then the description, if set, then the id. */
  update: (fields: GroupFields) => {
    const sets = [
      ...(fields.name ? ['name = ?', 'name_key = ?'] : []),
      ...(fields.description ? ['description = ?'] : []),
    ];
    return `UPDATE user_groups SET ${sets.join(', ')} WHERE id = ?`;
  },
  delete: 'DELETE FROM user_groups WHERE id = ?',
  exists: 'SELECT 1 AS found FROM user_groups WHERE id = ?',
  /** The group's row, locked on MySQL: changes of one group's members take turns. */
  lockGroup: (dialect: SqlDialect) =>
    `SELECT id FROM user_groups WHERE id = ?${forUpdate(dialect)}`,
  memberRole: (dialect: SqlDialect) =>
    `SELECT role, created_at AS added_at FROM group_members WHERE group_id = ? AND user_id = ?${forUpdate(dialect)}`,
  addMember: 'INSERT INTO group_members (group_id, user_id, role, created_at) VALUES (?, ?, ?, ?)',
  changeRole: 'UPDATE group_members SET role = ? WHERE group_id = ? AND user_id = ?',
  removeMember: 'DELETE FROM group_members WHERE group_id = ? AND user_id = ?',
  managers: 'SELECT manager_count AS managers FROM user_groups WHERE id = ?',
};

/** Every text of groups on a dialect, with each set of fields an update changes. */
export const groupsStatements: StatementList = (dialect) => ({
  ...groupsSql,
  update: groupsSql.update({ name: true, description: true }),
  updateName: groupsSql.update({ name: true, description: false }),
  updateDescription: groupsSql.update({ name: false, description: true }),
  lockGroup: groupsSql.lockGroup(dialect),
  memberRole: groupsSql.memberRole(dialect),
  createProviderGroup: groupsSql.createProviderGroup(dialect),
});

/**
 * The statements behind groups. Triggers keep each group's `member_count` and `manager_count`
 * (see the Groups migration); a change of members first reads the group's row, locking it on
 * MySQL, so changes of one group take turns, and checks after writing that a manager is left.
 */
@Injectable()
export class GroupsRepository {
  private readonly lockGroupSql: string;
  private readonly memberRoleSql: string;
  private readonly createProviderGroupSql: string;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly changes: ChangeEvents,
  ) {
    this.lockGroupSql = groupsSql.lockGroup(sqlDialect(dataSource));
    this.memberRoleSql = groupsSql.memberRole(sqlDialect(dataSource));
    this.createProviderGroupSql = groupsSql.createProviderGroup(sqlDialect(dataSource));
  }

  /** Makes a group with its first manager; the name key must be free (else a unique violation). */
  create(
    group: { name: string; nameKey: string; description: string | null },
    managerId: number,
    at: Date,
  ): Promise<number> {
    return this.transactions.run(async (manager) => {
      const { insertId } = await this.sql.run(
        groupsSql.create,
        [group.name, group.nameKey, group.description, toSqlTimestamp(at)],
        manager,
      );
      await this.sql.run(
        groupsSql.addFirstManager,
        [insertId, managerId, toSqlTimestamp(at)],
        manager,
      );
      return insertId;
    });
  }

  /** The group with the user's role in it; undefined when there is none or they are not in it. */
  async findForMember(groupId: number, userId: number): Promise<GroupRow | undefined> {
    const [row] = await this.sql.rows<GroupRow>(groupsSql.forMember, [userId, groupId]);
    return row;
  }

  /** The group's id and name; undefined when there is none. */
  async findSummary(groupId: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.sql.rows<{ id: number; name: string }>(groupsSql.summary, [groupId]);
    return row === undefined ? undefined : { id: Number(row.id), name: row.name };
  }

  /** The id of the group with this name key among those `managedBy` manages. */
  async findIdByNameKey(
    nameKey: string,
    managedBy: GroupManager = 'service',
  ): Promise<number | undefined> {
    const [row] = await this.sql.rows<{ id: number }>(groupsSql.idByNameKey, [managedBy, nameKey]);
    return row === undefined ? undefined : Number(row.id);
  }

  /** Who manages the group's members, and its name; undefined when there is none. */
  async findManagedBy(
    groupId: number,
  ): Promise<{ name: string; managedBy: GroupManager } | undefined> {
    const [row] = await this.sql.rows<{ name: string; managed_by: GroupManager }>(
      groupsSql.managedBy,
      [groupId],
    );
    return row === undefined ? undefined : { name: row.name, managedBy: row.managed_by };
  }

  /**
   * Makes the user's provider-managed groups exactly these (by name and key), in one
   * transaction: groups not seen before are made, with no managers; each member added or
   * removed is announced as done by no one (the identity provider).
   */
  setProviderGroups(userId: number, groups: { name: string; nameKey: string }[], at: Date) {
    return this.transactions.run(async (manager) => {
      const wanted = new Set<number>();
      for (const group of groups) {
        await this.sql.run(
          this.createProviderGroupSql,
          [group.name, group.nameKey, toSqlTimestamp(at)],
          manager,
        );
        const [row] = await this.sql.rows<{ id: number }>(
          groupsSql.idByNameKey,
          ['provider', group.nameKey],
          manager,
        );
        wanted.add(Number(row.id));
      }
      const held = new Set(
        (
          await this.sql.rows<{ group_id: number }>(
            groupsSql.providerGroupsOfUser,
            [userId],
            manager,
          )
        ).map((row) => Number(row.group_id)),
      );
      for (const groupId of wanted) {
        if (held.has(groupId)) continue;
        await this.sql.rows(this.lockGroupSql, [groupId], manager);
        await this.sql.run(
          groupsSql.addMember,
          [groupId, userId, 'member', toSqlTimestamp(at)],
          manager,
        );
        await this.changes.announce(manager, 'group.member_added', {
          groupId,
          userId,
          role: 'member',
          actorId: null,
        });
      }
      for (const groupId of held) {
        if (wanted.has(groupId)) continue;
        await this.sql.rows(this.lockGroupSql, [groupId], manager);
        await this.sql.run(groupsSql.removeMember, [groupId, userId], manager);
        await this.changes.announce(manager, 'group.member_removed', {
          groupId,
          userId,
          role: 'member',
          actorId: null,
        });
      }
    });
  }

  /** One page of the user's groups, by name key, and how many they are in. */
  async pageOfUser(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: GroupRow[]; totalCount: number }> {
    const [rows, [count]] = await Promise.all([
      this.sql.rows<GroupRow>(groupsSql.ofUser, [userId, limit, offset]),
      this.sql.rows<{ n: number }>(groupsSql.countOfUser, [userId]),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** One page of the group's members, managers first, then by when added. */
  pageOfMembers(groupId: number, offset: number, limit: number): Promise<GroupMemberRow[]> {
    return this.sql.rows<GroupMemberRow>(groupsSql.members, [groupId, limit, offset]);
  }

  /** Changes the name (with its key) and/or the description; false when the group is gone. */
  async update(
    groupId: number,
    changes: { name?: string; nameKey?: string; description?: string | null },
  ): Promise<boolean> {
    const fields = {
      name: changes.name !== undefined,
      description: changes.description !== undefined,
    };
    if (!fields.name && !fields.description) throw new Error('a group update needs a field to set');
    const values = [
      ...(fields.name ? [changes.name, changes.nameKey] : []),
      ...(fields.description ? [changes.description] : []),
    ];
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(groupsSql.update(fields), [...values, groupId], manager),
    );
    return result.affected > 0 || (await this.exists(groupId));
  }

  /** Deletes the group; its members (and later its shares) go with it by foreign key. */
  async delete(groupId: number): Promise<void> {
    await this.transactions.exclusive((manager) =>
      this.sql.run(groupsSql.delete, [groupId], manager),
    );
  }

  /**
   * Adds the user with this role (announced as `group.member_added` in the same
   * transaction, as done by `actorId`), or gives them this role if they are in the group already.
   */
  addOrChange(
    groupId: number,
    userId: number,
    role: GroupRole,
    at: Date,
    actorId: number | null,
  ): Promise<AddMemberOutcome | MembersUnchanged> {
    return this.inGroupTurn(groupId, async (manager): Promise<AddMemberOutcome> => {
      const [current] = await this.sql.rows<{ role: GroupRole; added_at: Date | string }>(
        this.memberRoleSql,
        [groupId, userId],
        manager,
      );
      if (current === undefined) {
        await this.sql.run(
          groupsSql.addMember,
          [groupId, userId, role, toSqlTimestamp(at)],
          manager,
        );
        await this.changes.announce(manager, 'group.member_added', {
          groupId,
          userId,
          role,
          actorId,
        });
        return { kind: 'added' };
      }
      if (current.role !== role) {
        await this.sql.run(groupsSql.changeRole, [role, groupId, userId], manager);
      }
      return { kind: 'kept', addedAt: current.added_at };
    });
  }

  /** Takes the user out of the group (announced like `addOrChange`), unless they are its last manager. */
  remove(
    groupId: number,
    userId: number,
    actorId: number,
  ): Promise<RemoveMemberOutcome | MembersUnchanged> {
    return this.inGroupTurn(groupId, async (manager): Promise<RemoveMemberOutcome> => {
      const [held] = await this.sql.rows<{ role: GroupRole }>(
        this.memberRoleSql,
        [groupId, userId],
        manager,
      );
      if (held === undefined) return 'not a member';
      const result = await this.sql.run(groupsSql.removeMember, [groupId, userId], manager);
      if (result.affected === 0) return 'not a member';
      await this.changes.announce(manager, 'group.member_removed', {
        groupId,
        userId,
        role: held.role,
        actorId,
      });
      return 'removed';
    });
  }

  private async exists(groupId: number): Promise<boolean> {
    const rows = await this.sql.rows(groupsSql.exists, [groupId]);
    return rows.length > 0;
  }

  /**
   * Runs a change of the group's members in a transaction that first locks the group's row
   * (MySQL) and at the end checks that it still has a manager: if not, rolls the change back
   * and answers 'last manager'.
   */
  private async inGroupTurn<T>(
    groupId: number,
    change: (manager: EntityManager) => Promise<T>,
  ): Promise<T | MembersUnchanged> {
    try {
      return await this.transactions.run(async (manager) => {
        const [group] = await this.sql.rows(this.lockGroupSql, [groupId], manager);
        if (group === undefined) throw new Outcome('no group');
        const outcome = await change(manager);
        const [{ managers }] = await this.sql.rows<{ managers: number }>(
          groupsSql.managers,
          [groupId],
          manager,
        );
        if (Number(managers) === 0) throw new Outcome('last manager');
        return outcome;
      });
    } catch (error) {
      if (!(error instanceof Outcome)) throw error;
      return error.outcome;
    }
  }
}

/** Ends a membership transaction early, rolling it back. */
class Outcome extends Error {
  constructor(readonly outcome: MembersUnchanged) {
    super(outcome);
  }
}
