import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { WriteConflict } from '../database/database-errors';
import { Sql } from '../database/sql';
import { paddedLength, paddedList, powerOfTwoChunks } from '../database/sql-lists';
import { toDateOrNull, toSqlTimestamp } from '../database/sql-values';
import { TransactionRunner } from '../database/transaction-runner';
import { OutboxEvent, RecordedChange, outboxEventOf } from './outbox-events';
import {
  MAX_LISTED_IDS,
  MAX_LOGGED_ATTEMPTS,
  MAX_WEBHOOKS_PER_CLAIM,
  outboxSql,
  wantingValues,
} from './outbox.statements';

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
  doc_uuid: string | null;
  title: string | null;
  version: number | null;
  doc_updated_at: Date | string | null;
  actor_id: number | null;
  actor_email: string | null;
  member_user_id: number | null;
  member_role: string | null;
  group_id: number | null;
  group_name: string | null;
  group_role: string | null;
  folder_share_id: number | null;
  folder_owner_id: number | null;
  folder_path: string | null;
  created_at: Date | string;
}

/** What one attempt came to, for the log. */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

/** One attempt and what follows from it. */
export interface OutboxBacklog {
  waiting: number;
  due: number;
  oldestDueAt: Date | null;
}

export interface AttemptResult {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** Whether the receiver took it (a 2xx). */
  ok: boolean;
  /** When it is tried again; null once delivered or given up. */
  retryAt: Date | null;
}

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
   * Writes the event of a sharing or group change, in its transaction. A member removed first
   * loses the document's pending events (unless they still have it); losing a document through
   * a group or a folder drops them by trigger (the TeamWebhookEvents migration).
   */
  async recordChange(manager: EntityManager, announced: RecordedChange, at: Date): Promise<void> {
    if (announced.type === 'member.removed') {
      const { docId, userId } = announced.change;
      await this.sql.run(
        outboxSql.dropPending,
        [docId, userId, docId, docId, docId, docId],
        manager,
      );
    }
    await this.recordEvent(manager, outboxEventOf(announced), at);
  }

  /** Writes an event for every webhook of its audience that wants it. */
  private async recordEvent(manager: EntityManager, event: OutboxEvent, at: Date): Promise<void> {
    const uuid = newEventId();
    const timestamp = toSqlTimestamp(at);
    const [ofDoc, ofGroup] = [event.docId !== null, event.group !== null];
    const wanting = wantingValues(event);
    const joined = [event.docId, event.group?.id ?? null].filter((id) => id !== null);
    const recorded = await this.sql.run(
      outboxSql.recordEvent(ofDoc, ofGroup),
      [
        ...[uuid, event.type, event.actorId, event.member?.userId ?? null],
        ...[event.member?.role ?? null, event.group?.role ?? null],
        ...[event.folder?.shareId ?? null, event.folder?.ownerId ?? null],
        ...[event.folder?.path ?? null, timestamp, ...joined],
        ...wanting,
      ],
      manager,
    );
    if (recorded.affected === 0) return;
    await this.sql.run(
      outboxSql.fanOut(ofDoc, ofGroup),
      [uuid, event.docId, timestamp, ...wanting],
      manager,
    );
  }

  /**
   * Claims due deliveries until `until` for `holder`: of each webhook with some, at most its
   * `room` (`perWebhook` less those it has under way in `inFlight`), up to `limit` in all, with
   * one conditional UPDATE: a delivery another dispatcher holds (and whose claim has not
   * expired) is not taken. Returns those this claim got.
   */
  async claim(
    holder: string,
    now: Date,
    until: Date,
    limit: number,
    perWebhook: number,
    inFlight: ReadonlyMap<number, number>,
  ): Promise<ClaimedDelivery[]> {
    const timestamp = toSqlTimestamp(now);
    const webhooks = await this.sql.rows<{ id: number }>(outboxSql.webhooksDue, [
      timestamp,
      timestamp,
      MAX_WEBHOOKS_PER_CLAIM,
    ]);
    const wanted: [number, number][] = [];
    let left = limit;
    for (const { id } of webhooks) {
      const room = Math.min(perWebhook - (inFlight.get(Number(id)) ?? 0), left);
      if (room <= 0) continue;
      wanted.push([Number(id), room]);
      left -= room;
      if (left === 0) break;
    }
    if (wanted.length === 0) return [];
    const arms = paddedLength(wanted.length);
    const [lastId] = wanted[wanted.length - 1];
    const padding = Array<[number, number]>(arms - wanted.length).fill([lastId, 0]);
    const due = await this.sql.rows<{ id: number }>(
      outboxSql.dueOfWebhooks(arms),
      [...wanted, ...padding].flatMap(([id, room]) => [id, timestamp, timestamp, room]),
    );
    const deliveries: ClaimedDelivery[] = [];
    for (const ids of idSlices(due.map((row) => Number(row.id)))) {
      // Dispatchers on other Galera nodes claiming the same rows make this fail certification:
      // they got them, so it is not run again.
      const claimed = await this.transactions
        .exclusive(
          (manager) =>
            this.sql.run(
              outboxSql.claim(ids.length),
              [holder, toSqlTimestamp(until), ...ids, timestamp],
              manager,
            ),
          1,
        )
        .catch((error: unknown) => {
          if (error instanceof WriteConflict) return { affected: 0 };
          throw error;
        });
      if (claimed.affected === 0) continue;
      deliveries.push(
        ...(await this.sql.rows<ClaimedDelivery>(outboxSql.claimed(ids.length), [holder, ...ids])),
      );
    }
    return deliveries;
  }

  /**
   * The queue at `now`: deliveries waiting (due, held or scheduled for a retry), those due for
   * an active webhook, and when the longest-waiting of these became due.
   */
  async backlog(now: Date): Promise<OutboxBacklog> {
    const [row] = await this.sql.rows<{
      waiting: number | string;
      due: number | string | null;
      oldest_due: Date | string | null;
    }>(outboxSql.backlog, [toSqlTimestamp(now), toSqlTimestamp(now)]);
    return {
      waiting: Number(row.waiting),
      due: Number(row.due ?? 0),
      oldestDueAt: toDateOrNull(row.oldest_due),
    };
  }

  /** Gives claimed deliveries back untried (this dispatcher will not send them). */
  async release(deliveryIds: number[], holder: string): Promise<void> {
    for (const ids of idSlices(deliveryIds)) {
      await this.transactions.exclusive((manager) =>
        this.sql.run(outboxSql.release(ids.length), [holder, ...ids], manager),
      );
    }
  }

  /**
   * Records what became of attempts, in one short transaction whatever their number: each
   * delivered or given-up delivery goes, the others wait for their retry (still only if
   * `holder` holds them), every attempt is logged, and each webhook's count of failures in a
   * row is set (a success resets it) and turns the webhook off at `disableAfter`. `results`
   * come in the order the attempts ended.
   */
  async record(holder: string, results: AttemptResult[], disableAfter: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const finished = results.filter((result) => result.retryAt === null);
      for (const slice of idSlices(finished.map((result) => result.delivery.id))) {
        await this.sql.run(outboxSql.finished(slice.length), [holder, ...slice], manager);
      }
      const retried = results.filter((result) => result.retryAt !== null);
      for (const slice of idSlices(retried)) {
        await this.sql.run(
          outboxSql.retried(slice.length),
          [
            ...slice.flatMap((result) => [result.delivery.id, toSqlTimestamp(result.retryAt!)]),
            holder,
            ...slice.map((result) => result.delivery.id),
          ],
          manager,
        );
      }
      for (const chunk of powerOfTwoChunks(results, MAX_LOGGED_ATTEMPTS)) {
        await this.sql.run(
          outboxSql.logged(chunk.length),
          chunk.flatMap(loggedAttemptValues),
          manager,
        );
      }
      for (const [webhookId, streak] of failureStreaks(results)) {
        if (streak.reset && streak.failures === 0) {
          await this.sql.run(outboxSql.succeeded, [webhookId], manager);
          continue;
        }
        const reason = `${disableAfter} failed attempts in a row; the last: ${describe(streak.last!)}`;
        await this.sql.run(
          outboxSql.failed(streak.reset),
          [
            ...[streak.failures, disableAfter, reason.slice(0, 255)],
            ...[streak.failures, disableAfter, streak.failures, webhookId],
          ],
          manager,
        );
      }
    });
  }

  /**
   * Deletes up to `limit` log rows from before `cutoff` and events no delivery needs any
   * more; returns how many rows went.
   */
  async cleanUp(cutoff: Date, limit: number): Promise<number> {
    const old = await this.sql.rows<{ id: number }>(outboxSql.oldAttempts, [
      toSqlTimestamp(cutoff),
      limit,
    ]);
    const done = await this.sql.rows<{ id: number }>(outboxSql.doneEvents, [limit]);
    let removed = 0;
    for (const [table, rows] of [
      ['webhook_attempts', old],
      ['webhook_events', done],
    ] as const) {
      for (const ids of idSlices(rows.map((row) => Number(row.id)))) {
        const result = await this.transactions.exclusive((manager) =>
          this.sql.run(outboxSql.cleanUp(table, ids.length), ids, manager),
        );
        removed += result.affected;
      }
    }
    return removed;
  }
}

/** `evt_` and 32 hex digits (the triggers make theirs the same way). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

function describe(outcome: AttemptOutcome): string {
  return outcome.error ?? `HTTP ${outcome.statusCode}`;
}

/**
 * The values in slices of at most `MAX_LISTED_IDS`, each padded by repeating its last
 * (`paddedList`): one statement each, its `IN (...)` as the values alone would make it.
 */
function idSlices<T>(values: readonly T[]): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < values.length; start += MAX_LISTED_IDS) {
    slices.push(paddedList(values.slice(start, start + MAX_LISTED_IDS)));
  }
  return slices;
}

function loggedAttemptValues({ delivery, outcome, retryAt }: AttemptResult): unknown[] {
  return [
    ...[delivery.event_uuid, delivery.type, delivery.attempts + 1, outcome.statusCode],
    ...[outcome.error?.slice(0, 255) ?? null, outcome.durationMs, toSqlTimestamp(outcome.at)],
    ...[retryAt === null ? null : toSqlTimestamp(retryAt), delivery.webhook_id],
  ];
}

interface FailureStreak {
  /** A success came among these results: the count starts again from it. */
  reset: boolean;
  /** Failures after the last success (or all of them, without one). */
  failures: number;
  last?: AttemptOutcome;
}

/** Per webhook, what these results (in the order they ended) do to its failures in a row. */
export function failureStreaks(results: readonly AttemptResult[]): Map<number, FailureStreak> {
  const streaks = new Map<number, FailureStreak>();
  for (const { delivery, outcome, ok } of results) {
    const id = Number(delivery.webhook_id);
    const streak = streaks.get(id) ?? { reset: false, failures: 0 };
    if (ok) streaks.set(id, { reset: true, failures: 0 });
    else streaks.set(id, { ...streak, failures: streak.failures + 1, last: outcome });
  }
  return streaks;
}
