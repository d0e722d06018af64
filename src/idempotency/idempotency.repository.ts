import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { toDate, toDateOrNull, toSqlTimestamp } from '../database/sql-values';
import { StatementList } from '../database/statement-catalogue';

/** A key row as the service reads it. */
export interface StoredKey {
  fingerprint: string;
  resourceId: string;
  attempt: number;
  leaseUntil: Date | null;
  /** The JSON body to replay; null while pending. */
  response: string | null;
  completedAt: Date | null;
  expiresAt: Date;
}

/** The key of a row: one user's key, by the key's hash. */
export interface KeyId {
  userId: number;
  keyHash: string;
}

/** Who holds a pending key: only the holder of this resource id and attempt may finish it. */
export interface KeyHold extends KeyId {
  resourceId: string;
  attempt: number;
}

export interface NewKey extends KeyId {
  fingerprint: string;
  resourceId: string;
  leaseUntil: Date;
  createdAt: Date;
  expiresAt: Date;
}

interface KeyRow {
  fingerprint: string;
  resource_id: string;
  attempt: number | string;
  lease_until: Date | string | null;
  response: string | null;
  completed_at: Date | string | null;
  expires_at: Date | string;
}

const KEY = 'user_id = ? AND key_hash = ?';
const HELD = `${KEY} AND resource_id = ? AND attempt = ? AND completed_at IS NULL`;

const INSERT_COLUMNS = `idempotency_keys (user_id, key_hash, fingerprint, resource_id, attempt,
  lease_until, created_at, expires_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)`;

/** The statements of idempotency keys, by dialect where they differ. */
const idempotencySql = {
  /** Only the primary key can clash: the row of the same user and key already exists. */
  insert: (dialect: SqlDialect) =>
    dialect === 'mysql'
      ? `INSERT IGNORE INTO ${INSERT_COLUMNS}`
      : `INSERT INTO ${INSERT_COLUMNS} ON CONFLICT (user_id, key_hash) DO NOTHING`,
  find: `SELECT fingerprint, resource_id, attempt, lease_until, response, completed_at,
  expires_at FROM idempotency_keys WHERE ${KEY}`,
  /** Starts the key afresh for another request, unless someone else did since it was read. */
  reclaim: `UPDATE idempotency_keys SET fingerprint = ?, resource_id = ?,
  attempt = attempt + 1, lease_until = ?, response = NULL, completed_at = NULL, created_at = ?,
  expires_at = ? WHERE ${KEY} AND attempt = ? AND expires_at <= ?`,
  /** A new lease on a pending key whose holder's lease ran out; the resource id stays. */
  takeOver: `UPDATE idempotency_keys SET attempt = attempt + 1, lease_until = ?
  WHERE ${KEY} AND attempt = ? AND completed_at IS NULL AND lease_until <= ?`,
  complete: `UPDATE idempotency_keys SET completed_at = ?, lease_until = NULL,
  response = ? WHERE ${HELD}`,
  release: `DELETE FROM idempotency_keys WHERE ${HELD}`,
  /**
   * Deletes at most `?` expired rows, oldest first, found on the `expires_at` index (the order
   * makes the statement deterministic for statement-based replication). SQLite has no
   * `DELETE ... LIMIT` unless compiled for it, so there the rows are chosen by a subquery.
   */
  deleteExpired: (dialect: SqlDialect) =>
    dialect === 'mysql'
      ? 'DELETE FROM idempotency_keys WHERE expires_at <= ? ORDER BY expires_at LIMIT ?'
      : `DELETE FROM idempotency_keys WHERE rowid IN
  (SELECT rowid FROM idempotency_keys WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
};

/** Every text of the idempotency keys on a dialect. */
export const idempotencyStatements: StatementList = (dialect) => ({
  insert: idempotencySql.insert(dialect),
  find: idempotencySql.find,
  reclaim: idempotencySql.reclaim,
  takeOver: idempotencySql.takeOver,
  complete: idempotencySql.complete,
  release: idempotencySql.release,
  deleteExpired: idempotencySql.deleteExpired(dialect),
});

/**
 * The idempotency keys. Every write is one statement whose WHERE clause states what it
 * expects to find, so concurrent requests (on any number of instances, or nodes of a
 * multi-primary cluster, where row locks are local) are settled by the primary key and
 * affected-row counts alone; nothing relies on SELECT ... FOR UPDATE or named locks.
 */
@Injectable()
export class IdempotencyRepository {
  private readonly insert: string;
  private readonly deleteExpiredBatch: string;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
  ) {
    const dialect = sqlDialect(dataSource);
    this.insert = idempotencySql.insert(dialect);
    this.deleteExpiredBatch = idempotencySql.deleteExpired(dialect);
  }

  /** Stores a new pending key; false when the user already has a row for it. */
  async insertIfAbsent(manager: EntityManager, key: NewKey): Promise<boolean> {
    const result = await this.sql.run(
      this.insert,
      [
        key.userId,
        key.keyHash,
        key.fingerprint,
        key.resourceId,
        toSqlTimestamp(key.leaseUntil),
        toSqlTimestamp(key.createdAt),
        toSqlTimestamp(key.expiresAt),
      ],
      manager,
    );
    return result.affected === 1;
  }

  async find(manager: EntityManager, id: KeyId): Promise<StoredKey | null> {
    const [row] = await this.sql.rows<KeyRow>(
      idempotencySql.find,
      [id.userId, id.keyHash],
      manager,
    );
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      resourceId: row.resource_id,
      attempt: Number(row.attempt),
      leaseUntil: toDateOrNull(row.lease_until),
      response: row.response,
      completedAt: toDateOrNull(row.completed_at),
      expiresAt: toDate(row.expires_at),
    };
  }

  /** Turns an expired row (still read as `seenAttempt`) into a new pending key. */
  async reclaimExpired(
    manager: EntityManager,
    key: NewKey,
    seenAttempt: number,
    now: Date,
  ): Promise<boolean> {
    const result = await this.sql.run(
      idempotencySql.reclaim,
      [
        key.fingerprint,
        key.resourceId,
        toSqlTimestamp(key.leaseUntil),
        toSqlTimestamp(key.createdAt),
        toSqlTimestamp(key.expiresAt),
        key.userId,
        key.keyHash,
        seenAttempt,
        toSqlTimestamp(now),
      ],
      manager,
    );
    return result.affected === 1;
  }

  /** Takes over a pending key whose lease has run out; only one of several takers wins. */
  async takeOver(
    manager: EntityManager,
    id: KeyId,
    seenAttempt: number,
    leaseUntil: Date,
    now: Date,
  ): Promise<boolean> {
    const result = await this.sql.run(
      idempotencySql.takeOver,
      [toSqlTimestamp(leaseUntil), id.userId, id.keyHash, seenAttempt, toSqlTimestamp(now)],
      manager,
    );
    return result.affected === 1;
  }

  /** Marks the held key completed with the response to replay; false if it is no longer held. */
  async complete(
    manager: EntityManager,
    hold: KeyHold,
    response: string,
    at: Date,
  ): Promise<boolean> {
    const result = await this.sql.run(
      idempotencySql.complete,
      [toSqlTimestamp(at), response, ...heldParameters(hold)],
      manager,
    );
    return result.affected === 1;
  }

  /** Deletes the held key if it is still pending, so a retry can start at once. */
  async release(manager: EntityManager, hold: KeyHold): Promise<boolean> {
    const result = await this.sql.run(idempotencySql.release, heldParameters(hold), manager);
    return result.affected === 1;
  }

  /** Deletes at most `limit` rows that expired by `now`; returns how many. */
  async deleteExpired(manager: EntityManager, now: Date, limit: number): Promise<number> {
    const result = await this.sql.run(
      this.deleteExpiredBatch,
      [toSqlTimestamp(now), limit],
      manager,
    );
    return result.affected;
  }
}

function heldParameters(hold: KeyHold): unknown[] {
  return [hold.userId, hold.keyHash, hold.resourceId, hold.attempt];
}

/** The sweeper's statement, for tests that check it runs on the index. */
export const deleteExpiredStatement = idempotencySql.deleteExpired;
