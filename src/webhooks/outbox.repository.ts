import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { WriteConflict } from '../database/database-errors';
import { Sql } from '../database/sql';
import {
  paddedLength,
  paddedLengths,
  paddedList,
  placeholders,
  powerOfTwoChunks,
} from '../database/sql-lists';
import { toDateOrNull, toSqlTimestamp } from '../database/sql-values';
import type { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';
import type { AnnouncedEventType, AnnouncedEvents } from '../events/event-map';
import { EVENT_BITS, type EventType } from './event-types';

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
 * Whom an event is for besides those who have its document (its members, and whom its grants
 * reach) and the members of its group: some users (a member removed, a folder's owner), at most
 * `AUDIENCE_USERS`.
 */
export interface Audience {
  userIds: number[];
}

/** The most users an audience names: a folder's owner and the user it is shared with. */
const AUDIENCE_USERS = 2;

/** An event to record: its type, who acted, what it is about, and for whom. */
export interface OutboxEvent {
  type: EventType;
  actorId: number | null;
  docId: number | null;
  member: { userId: number; role: string } | null;
  group: { id: number; role: string | null } | null;
  folder: { shareId: number; ownerId: number; path: string } | null;
  audience: Audience;
}

/**
 * The active webhooks of the event's audience that want the event of this bit: those who have
 * its document (`ofDoc`), the members of its group (`ofGroup`), and the audience's users (always
 * `AUDIENCE_USERS` parameters, see `wantingValues`).
 */
function wantingSql(ofDoc: boolean, ofGroup: boolean): string {
  const ways: string[] = [];
  if (ofDoc) {
    ways.push(`SELECT user_id FROM user_docs WHERE doc_id = ?
    UNION SELECT grantee_id FROM doc_grants WHERE doc_id = ? AND grantee_type = 'user' AND trashed = 0
    UNION SELECT gm.user_id FROM doc_grants g JOIN group_members gm ON gm.group_id = g.grantee_id
      WHERE g.doc_id = ? AND g.grantee_type = 'group' AND g.trashed = 0`);
  }
  if (ofGroup) ways.push('SELECT user_id FROM group_members WHERE group_id = ?');
  const members = ways.length > 0 ? `w.user_id IN (${ways.join('\n    UNION ')}) OR ` : '';
  return `FROM webhooks w WHERE (${members}w.user_id IN (${placeholders(AUDIENCE_USERS)})) AND w.active = 1 AND (w.events & ?) <> 0`;
}

/**
 * The parameters of `wantingSql`: the audience's users padded by repeating the last (NULLs,
 * which match nobody, when there are none).
 */
function wantingValues(event: OutboxEvent): unknown[] {
  const { userIds } = event.audience;
  if (userIds.length > AUDIENCE_USERS) {
    throw new Error(`an event's audience names at most ${AUDIENCE_USERS} users`);
  }
  const users = userIds.length === 0 ? [null] : userIds;
  return [
    ...(event.docId === null ? [] : [event.docId, event.docId, event.docId]),
    ...(event.group === null ? [] : [event.group.id]),
    ...users,
    ...Array<unknown>(AUDIENCE_USERS - users.length).fill(users[users.length - 1]),
    EVENT_BITS[event.type],
  ];
}

/**
 * One event, only when some webhook wants it; the document's and the group's details as they
 * are now. An event of no document (or no group) reads none: joined on a NULL id, MariaDB reads
 * every row of the table.
 */
const recordEventSql = (ofDoc: boolean, ofGroup: boolean) =>
  `INSERT INTO webhook_events (uuid, type, doc_id, doc_uuid, title, version, doc_updated_at, actor_id, member_user_id, member_role, group_id, group_name, group_role, folder_share_id, folder_owner_id, folder_path, created_at)
SELECT ?, ?, ${ofDoc ? 'd.id, d.uuid, d.title, d.version, d.updated_at' : 'NULL, NULL, NULL, NULL, NULL'}, ?, ?, ?, ${ofGroup ? 'ug.id, ug.name' : 'NULL, NULL'}, ?, ?, ?, ?, ?
FROM (SELECT 1 AS one) event
${ofDoc ? 'JOIN docs d ON d.id = ?' : ''}
${ofGroup ? 'JOIN user_groups ug ON ug.id = ?' : ''}
WHERE EXISTS (SELECT 1 ${wantingSql(ofDoc, ofGroup)})`;
const fanOutSql = (ofDoc: boolean, ofGroup: boolean) =>
  `INSERT INTO webhook_deliveries (event_id, webhook_id, doc_id, attempts, next_attempt_at)
SELECT (SELECT id FROM webhook_events WHERE uuid = ?), w.id, ?, 0, ? ${wantingSql(ofDoc, ofGroup)}`;

/**
 * Whether the webhook's user still has the document (a member, or reached by a grant, a
 * trashed document included): its pending events are theirs to keep. The document's id four
 * times.
 */
const STILL_HAS = `(
  EXISTS (SELECT 1 FROM user_docs m WHERE m.doc_id = ? AND m.user_id = w.user_id)
  OR EXISTS (SELECT 1 FROM trashed_doc_members t WHERE t.doc_id = ? AND t.user_id = w.user_id)
  OR EXISTS (SELECT 1 FROM doc_grants g WHERE g.doc_id = ? AND g.grantee_type = 'user' AND g.grantee_id = w.user_id)
  OR EXISTS (SELECT 1 FROM doc_grants g JOIN group_members gm ON gm.group_id = g.grantee_id
    WHERE g.doc_id = ? AND g.grantee_type = 'group' AND gm.user_id = w.user_id))`;
/**
 * A member removed gets none of the document's events still pending, unless another way
 * (a group, a folder) still gives it to them. Parameters: the document, the user, the
 * document four times.
 */
const DROP_PENDING = `DELETE FROM webhook_deliveries
WHERE doc_id = ? AND webhook_id IN (SELECT w.id FROM webhooks w WHERE w.user_id = ? AND NOT ${STILL_HAS})`;

const UNCLAIMED = '(d.claimed_until IS NULL OR d.claimed_until <= ?)';
/**
 * The active webhooks with something due that nobody holds: one probe of the (webhook, next
 * attempt) index each, however long their queues. Parameters: now, now, limit.
 */
const WEBHOOKS_DUE = `SELECT w.id AS id FROM webhooks w
WHERE w.active = 1 AND EXISTS (
  SELECT 1 FROM webhook_deliveries d
  WHERE d.webhook_id = w.id AND d.next_attempt_at <= ? AND ${UNCLAIMED}
)
ORDER BY w.id LIMIT ?`;
/** The first `?` due deliveries of one webhook, read from the same index. */
const DUE_OF_WEBHOOK = `SELECT id FROM (SELECT d.id AS id FROM webhook_deliveries d
  WHERE d.webhook_id = ? AND d.next_attempt_at <= ? AND ${UNCLAIMED}
  ORDER BY d.next_attempt_at, d.id LIMIT ?) due`;
const CLAIMED = `SELECT d.id AS id, d.webhook_id AS webhook_id, d.attempts AS attempts, w.url AS url,
  w.secret AS secret, e.uuid AS event_uuid, e.type AS type, e.doc_uuid AS doc_uuid, e.title AS title,
  e.version AS version, e.doc_updated_at AS doc_updated_at, e.actor_id AS actor_id,
  u.email AS actor_email, e.member_user_id AS member_user_id, e.member_role AS member_role,
  e.group_id AS group_id, e.group_name AS group_name, e.group_role AS group_role,
  e.folder_share_id AS folder_share_id, e.folder_owner_id AS folder_owner_id,
  e.folder_path AS folder_path, e.created_at AS created_at
FROM webhook_deliveries d
JOIN webhooks w ON w.id = d.webhook_id
JOIN webhook_events e ON e.id = d.event_id
LEFT JOIN users u ON u.id = e.actor_id
WHERE d.claimed_by = ?`;
/** One logged attempt; nothing when the webhook was deleted while it was under way. */
const LOGGED_ATTEMPT = 'SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM webhooks WHERE id = ?';

/** The tables `cleanUp` deletes from. */
type CleanedTable = 'webhook_attempts' | 'webhook_events';

/**
 * The most ids one statement lists (`IN (...)`, padded to a power of two): the most deliveries
 * a dispatcher holds (`HELD_IN_ALL`), so a claim, a release or a batch of outcomes is one
 * statement; longer lists (a cleanup's batch) go in slices of this many.
 */
const MAX_LISTED_IDS = 128;
/** The most webhooks one claim serves (the arms of `dueOfWebhooks`). */
const MAX_WEBHOOKS_PER_CLAIM = 256;
/** The most attempts one INSERT logs: the dispatcher's batch of outcomes (`RECORD_BATCH`). */
const MAX_LOGGED_ATTEMPTS = 64;

/** The outbox's statements; a list's length is a power of two (see `paddedList`). */
const outboxSql = {
  dropPending: DROP_PENDING,
  recordEvent: recordEventSql,
  fanOut: fanOutSql,
  webhooksDue: WEBHOOKS_DUE,
  /** `count` webhooks' due deliveries; an arm of no room (`LIMIT 0`) pads it and reads none. */
  dueOfWebhooks: (count: number) => Array<string>(count).fill(DUE_OF_WEBHOOK).join('\nUNION ALL\n'),
  claim: (count: number) => `UPDATE webhook_deliveries SET claimed_by = ?, claimed_until = ?
WHERE id IN (${placeholders(count)}) AND (claimed_until IS NULL OR claimed_until <= ?)`,
  claimed: (count: number) => `${CLAIMED} AND d.id IN (${placeholders(count)})`,
  backlog: `SELECT COUNT(*) AS waiting,
  SUM(CASE WHEN d.next_attempt_at <= ? AND w.active = 1 THEN 1 ELSE 0 END) AS due,
  MIN(CASE WHEN d.next_attempt_at <= ? AND w.active = 1 THEN d.next_attempt_at END) AS oldest_due
FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id`,
  release: (count: number) => `UPDATE webhook_deliveries SET claimed_by = NULL, claimed_until = NULL
WHERE claimed_by = ? AND id IN (${placeholders(count)})`,
  finished: (count: number) =>
    `DELETE FROM webhook_deliveries WHERE claimed_by = ? AND id IN (${placeholders(count)})`,
  /** A repeated `WHEN` (of the padding) changes nothing: CASE takes the first. */
  retried: (count: number) => `UPDATE webhook_deliveries SET attempts = attempts + 1,
  next_attempt_at = CASE id ${Array<string>(count).fill('WHEN ? THEN ?').join(' ')} END,
  claimed_by = NULL, claimed_until = NULL
WHERE claimed_by = ? AND id IN (${placeholders(count)})`,
  logged: (count: number) =>
    `INSERT INTO webhook_attempts (webhook_id, event_uuid, type, attempt, status_code, error, duration_ms, attempted_at, next_attempt_at)
${Array<string>(count).fill(LOGGED_ATTEMPT).join('\nUNION ALL\n')}`,
  succeeded: 'UPDATE webhooks SET failure_count = 0 WHERE id = ? AND failure_count <> 0',
  /**
   * Failures in a row: `?` more than before, or (after a success) `?` in all. MySQL assigns left
   * to right, each seeing the ones before: in this order both databases read the old values
   * throughout.
   */
  failed: (afterSuccess: boolean) => {
    const count = afterSuccess ? '?' : 'failure_count + ?';
    return `UPDATE webhooks SET
  disabled_reason = CASE WHEN ${count} >= ? AND active = 1 THEN ? ELSE disabled_reason END,
  active = CASE WHEN ${count} >= ? THEN 0 ELSE active END,
  failure_count = ${count}
WHERE id = ?`;
  },
  oldAttempts:
    'SELECT id FROM webhook_attempts WHERE attempted_at < ? ORDER BY attempted_at LIMIT ?',
  doneEvents: `SELECT e.id AS id FROM webhook_events e
WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) ORDER BY e.id LIMIT ?`,
  cleanUp: (table: CleanedTable, count: number) =>
    `DELETE FROM ${table} WHERE id IN (${placeholders(count)})`,
};

/**
 * Every text of the outbox (the same on both databases): each shape of an event's audience, and
 * each padded length up to its list's maximum.
 */
export const outboxStatements: StatementList = () => {
  const list: Record<string, string> = {
    dropPending: outboxSql.dropPending,
    webhooksDue: outboxSql.webhooksDue,
    backlog: outboxSql.backlog,
    succeeded: outboxSql.succeeded,
    failed: outboxSql.failed(false),
    failedAfterSuccess: outboxSql.failed(true),
    oldAttempts: outboxSql.oldAttempts,
    doneEvents: outboxSql.doneEvents,
  };
  for (const ofDoc of [false, true]) {
    for (const ofGroup of [false, true]) {
      const of = `${ofDoc ? 'OfDoc' : ''}${ofGroup ? 'OfGroup' : ''}`;
      list[`recordEvent${of}`] = outboxSql.recordEvent(ofDoc, ofGroup);
      list[`fanOut${of}`] = outboxSql.fanOut(ofDoc, ofGroup);
    }
  }
  for (const count of paddedLengths(paddedLength(MAX_WEBHOOKS_PER_CLAIM))) {
    list[`dueOfWebhooks${count}`] = outboxSql.dueOfWebhooks(count);
  }
  for (const count of paddedLengths(MAX_LISTED_IDS)) {
    list[`claim${count}`] = outboxSql.claim(count);
    list[`claimed${count}`] = outboxSql.claimed(count);
    list[`release${count}`] = outboxSql.release(count);
    list[`finished${count}`] = outboxSql.finished(count);
    list[`retried${count}`] = outboxSql.retried(count);
    list[`cleanUpAttempts${count}`] = outboxSql.cleanUp('webhook_attempts', count);
    list[`cleanUpEvents${count}`] = outboxSql.cleanUp('webhook_events', count);
  }
  for (const count of paddedLengths(MAX_LOGGED_ATTEMPTS)) {
    list[`logged${count}`] = outboxSql.logged(count);
  }
  return list;
};

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

/** The announced changes the outbox records: every one a webhook can subscribe to. */
export const RECORDED_EVENT_TYPES = [
  'member.added',
  'member.removed',
  'document.group_shared',
  'document.group_unshared',
  'folder.shared',
  'folder.unshared',
  'group.member_added',
  'group.member_removed',
] as const satisfies readonly (AnnouncedEventType & EventType)[];

type RecordedType = (typeof RECORDED_EVENT_TYPES)[number];

/** An announced change with its type, as the outbox records it. */
export type RecordedChange = {
  [Type in RecordedType]: { type: Type; change: AnnouncedEvents[Type] };
}[RecordedType];

/** The event of a change, and its audience. */
function outboxEventOf(announced: RecordedChange): OutboxEvent {
  const { type } = announced;
  switch (announced.type) {
    case 'member.added':
    case 'member.removed': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: change.docId,
        member: { userId: change.userId, role: change.role },
        group: null,
        folder: null,
        audience: { userIds: [change.userId] },
      };
    }
    case 'document.group_shared':
    case 'document.group_unshared': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: change.docId,
        member: null,
        group: { id: change.groupId, role: change.role },
        folder: null,
        audience: { userIds: [] },
      };
    }
    case 'folder.shared':
    case 'folder.unshared': {
      const change = announced.change;
      const toGroup = change.grantee.type === 'group';
      return {
        type,
        actorId: change.ownerId,
        docId: null,
        member: toGroup ? null : { userId: change.grantee.id, role: change.role },
        group: toGroup ? { id: change.grantee.id, role: change.role } : null,
        folder: { shareId: change.shareId, ownerId: change.ownerId, path: change.path },
        audience: { userIds: toGroup ? [change.ownerId] : [change.ownerId, change.grantee.id] },
      };
    }
    case 'group.member_added':
    case 'group.member_removed': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: null,
        member: { userId: change.userId, role: change.role },
        group: { id: change.groupId, role: null },
        folder: null,
        audience: { userIds: [change.userId] },
      };
    }
  }
}
