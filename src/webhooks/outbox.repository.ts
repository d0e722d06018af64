import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { WriteConflict } from '../database/database-errors';
import { Sql } from '../database/sql';
import { toSqlTimestamp } from '../database/sql-values';
import { TransactionRunner } from '../database/transaction-runner';
import type { MemberChange } from '../docs/member-changes';
import { EVENT_BITS } from './event-types';

/** A claimed delivery with everything its request needs. */
export interface ClaimedDelivery {
  id: number;
  webhook_id: number;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  secret: string;
  event_uuid: string;
  type: string;
  doc_uuid: string;
  title: string;
  version: number;
  doc_updated_at: Date | string;
  actor_id: number;
  actor_email: string | null;
  member_user_id: number | null;
  member_role: string | null;
  created_at: Date | string;
}

/** What one attempt came to, for the log. */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

/** The webhooks that want an event of this bit of one document, for its members and one more user. */
const WANTING = `FROM webhooks w
WHERE (w.user_id IN (SELECT user_id FROM user_docs WHERE doc_id = ?) OR w.user_id = ?)
AND w.active = 1 AND (w.events & ?) <> 0`;

const RECORD_MEMBER_EVENT = `INSERT INTO webhook_events (uuid, type, doc_id, doc_uuid, title, version, doc_updated_at, actor_id, member_user_id, member_role, created_at)
SELECT ?, ?, d.id, d.uuid, d.title, d.version, d.updated_at, ?, ?, ?, ? FROM docs d
WHERE d.id = ? AND EXISTS (SELECT 1 ${WANTING})`;
const FAN_OUT_MEMBER_EVENT = `INSERT INTO webhook_deliveries (event_id, webhook_id, doc_id, attempts, next_attempt_at)
SELECT (SELECT id FROM webhook_events WHERE uuid = ?), w.id, ?, 0, ? ${WANTING}`;
/** A member who loses the document gets none of its events still pending. */
const DROP_PENDING = `DELETE FROM webhook_deliveries
WHERE doc_id = ? AND webhook_id IN (SELECT id FROM webhooks WHERE user_id = ?)`;

/**
 * Due deliveries not claimed by anyone (or whose claim expired), at most `room` of each webhook
 * (its first ones), oldest first. Parameters: now, now, then those of the room expression.
 */
const dueSql = (room: string) => `SELECT id FROM (
  SELECT d.id AS id, d.webhook_id AS webhook_id, d.next_attempt_at AS next_attempt_at,
    ROW_NUMBER() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, d.id) AS n
  FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active = 1
  WHERE d.next_attempt_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until <= ?)
) due
WHERE n <= ${room}
ORDER BY next_attempt_at, id LIMIT ?`;
const claimSql = (count: number) => `UPDATE webhook_deliveries SET claimed_by = ?, claimed_until = ?
WHERE id IN (${placeholders(count)}) AND (claimed_until IS NULL OR claimed_until <= ?)`;
const CLAIMED = `SELECT d.id AS id, d.webhook_id AS webhook_id, d.attempts AS attempts, w.url AS url,
  w.secret AS secret, e.uuid AS event_uuid, e.type AS type, e.doc_uuid AS doc_uuid, e.title AS title,
  e.version AS version, e.doc_updated_at AS doc_updated_at, e.actor_id AS actor_id,
  u.email AS actor_email, e.member_user_id AS member_user_id, e.member_role AS member_role,
  e.created_at AS created_at
FROM webhook_deliveries d
JOIN webhooks w ON w.id = d.webhook_id
JOIN webhook_events e ON e.id = d.event_id
LEFT JOIN users u ON u.id = e.actor_id
WHERE d.claimed_by = ?`;
const RELEASE = `UPDATE webhook_deliveries SET claimed_by = NULL, claimed_until = NULL
WHERE id = ? AND claimed_by = ?`;

/** Nothing when the webhook was deleted while the attempt was under way. */
const LOG_ATTEMPT = `INSERT INTO webhook_attempts (webhook_id, event_uuid, type, attempt, status_code, error, duration_ms, attempted_at, next_attempt_at)
SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM webhooks WHERE id = ?`;
const DELIVERED = 'DELETE FROM webhook_deliveries WHERE id = ? AND claimed_by = ?';
const RESCHEDULE = `UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL
WHERE id = ? AND claimed_by = ?`;
const SUCCEEDED = 'UPDATE webhooks SET failure_count = 0 WHERE id = ? AND failure_count <> 0';
// MySQL assigns left to right, each seeing the ones before: in this order both databases read
// the old values throughout.
const FAILED = `UPDATE webhooks SET
  disabled_reason = CASE WHEN failure_count + 1 >= ? AND active = 1 THEN ? ELSE disabled_reason END,
  active = CASE WHEN failure_count + 1 >= ? THEN 0 ELSE active END,
  failure_count = failure_count + 1
WHERE id = ?`;

/**
 * The outbox: the member events written in the sharing transaction (a document's own events
 * are written by database triggers, see the Webhooks migration), the claims of dispatchers,
 * and what became of each attempt.
 */
@Injectable()
export class OutboxRepository {
  constructor(
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Writes a member event, in the sharing transaction, for every webhook of the document's
   * members (the member added or removed included) that wants it. A removed member's webhooks
   * first lose the document's pending events.
   */
  async recordMemberChange(manager: EntityManager, change: MemberChange, at: Date): Promise<void> {
    const type = change.kind === 'added' ? 'member.added' : 'member.removed';
    if (change.kind === 'removed') {
      await this.sql.run(DROP_PENDING, [change.docId, change.userId], manager);
    }
    const uuid = newEventId();
    const timestamp = toSqlTimestamp(at);
    const wanting = [change.docId, change.userId, EVENT_BITS[type]];
    const recorded = await this.sql.run(
      RECORD_MEMBER_EVENT,
      [uuid, type, change.actorId, change.userId, change.role, timestamp, change.docId, ...wanting],
      manager,
    );
    if (recorded.affected === 0) return;
    await this.sql.run(FAN_OUT_MEMBER_EVENT, [uuid, change.docId, timestamp, ...wanting], manager);
  }

  /**
   * Claims up to `limit` due deliveries until `until`, at most `perWebhook` of one webhook less
   * those of it in `inFlight` (its deliveries this dispatcher is sending), with one conditional
   * UPDATE: a delivery another dispatcher holds (and whose claim has not expired) is not taken.
   * Returns those this claim got.
   */
  async claim(
    claimId: string,
    now: Date,
    until: Date,
    limit: number,
    perWebhook: number,
    inFlight: ReadonlyMap<number, number>,
  ): Promise<ClaimedDelivery[]> {
    const timestamp = toSqlTimestamp(now);
    const busy = [...inFlight];
    const room =
      busy.length === 0
        ? '?'
        : `CASE webhook_id ${busy.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`;
    const roomValues = [...busy.flatMap(([id, count]) => [id, perWebhook - count]), perWebhook];
    const due = await this.sql.rows<{ id: number }>(dueSql(room), [
      timestamp,
      timestamp,
      ...roomValues,
      limit,
    ]);
    if (due.length === 0) return [];
    const ids = due.map((row) => Number(row.id));
    // Dispatchers on other Galera nodes claiming the same rows make this fail certification:
    // they got them, so it is not run again.
    const claimed = await this.transactions
      .exclusive(
        (manager) =>
          this.sql.run(
            claimSql(ids.length),
            [claimId, toSqlTimestamp(until), ...ids, timestamp],
            manager,
          ),
        1,
      )
      .catch((error: unknown) => {
        if (error instanceof WriteConflict) return { affected: 0 };
        throw error;
      });
    if (claimed.affected === 0) return [];
    return this.sql.rows<ClaimedDelivery>(`${CLAIMED} AND d.id IN (${placeholders(ids.length)})`, [
      claimId,
      ...ids,
    ]);
  }

  /** Gives a claimed delivery back untried (this dispatcher had no room for it). */
  async release(deliveryId: number, claimId: string): Promise<void> {
    await this.transactions.exclusive((manager) =>
      this.sql.run(RELEASE, [deliveryId, claimId], manager),
    );
  }

  /** Logs a successful attempt; the delivery is done and the webhook's failures reset. */
  async succeeded(
    delivery: ClaimedDelivery,
    claimId: string,
    outcome: AttemptOutcome,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.sql.run(DELIVERED, [delivery.id, claimId], manager);
      await this.log(manager, delivery, outcome, null);
      await this.sql.run(SUCCEEDED, [delivery.webhook_id], manager);
    });
  }

  /**
   * Logs a failed attempt; the delivery is tried again at `retryAt`, or dropped when null. The
   * webhook counts one more failure in a row and is turned off at `disableAfter`.
   */
  async failed(
    delivery: ClaimedDelivery,
    claimId: string,
    outcome: AttemptOutcome,
    retryAt: Date | null,
    disableAfter: number,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      const kept =
        retryAt === null
          ? await this.sql.run(DELIVERED, [delivery.id, claimId], manager)
          : await this.sql.run(
              RESCHEDULE,
              [delivery.attempts + 1, toSqlTimestamp(retryAt), delivery.id, claimId],
              manager,
            );
      await this.log(manager, delivery, outcome, retryAt);
      if (kept.affected === 0) return;
      const reason = `${disableAfter} failed attempts in a row; the last: ${describe(outcome)}`;
      await this.sql.run(
        FAILED,
        [disableAfter, reason.slice(0, 255), disableAfter, delivery.webhook_id],
        manager,
      );
    });
  }

  /**
   * Deletes up to `limit` log rows from before `cutoff` and events no delivery needs any
   * more; returns how many rows went.
   */
  async cleanUp(cutoff: Date, limit: number): Promise<number> {
    const old = await this.sql.rows<{ id: number }>(
      'SELECT id FROM webhook_attempts WHERE attempted_at < ? ORDER BY attempted_at LIMIT ?',
      [toSqlTimestamp(cutoff), limit],
    );
    const done = await this.sql.rows<{ id: number }>(
      `SELECT e.id AS id FROM webhook_events e
WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) ORDER BY e.id LIMIT ?`,
      [limit],
    );
    let removed = 0;
    for (const [table, rows] of [
      ['webhook_attempts', old],
      ['webhook_events', done],
    ] as const) {
      if (rows.length === 0) continue;
      const ids = rows.map((row) => Number(row.id));
      const result = await this.transactions.exclusive((manager) =>
        this.sql.run(
          `DELETE FROM ${table} WHERE id IN (${placeholders(ids.length)})`,
          ids,
          manager,
        ),
      );
      removed += result.affected;
    }
    return removed;
  }

  private async log(
    manager: EntityManager,
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    retryAt: Date | null,
  ): Promise<void> {
    await this.sql.run(
      LOG_ATTEMPT,
      [
        ...[delivery.event_uuid, delivery.type, delivery.attempts + 1],
        ...[outcome.statusCode, outcome.error?.slice(0, 255) ?? null, outcome.durationMs],
        ...[toSqlTimestamp(outcome.at), retryAt === null ? null : toSqlTimestamp(retryAt)],
        delivery.webhook_id,
      ],
      manager,
    );
  }
}

/** `evt_` and 32 hex digits (the triggers make theirs the same way). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

function describe(outcome: AttemptOutcome): string {
  return outcome.error ?? `HTTP ${outcome.statusCode}`;
}

function placeholders(count: number): string {
  return Array(count).fill('?').join(', ');
}
