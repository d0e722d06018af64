import type { StatementList } from '../database/statement-catalogue';
import { paddedLength, paddedLengths, placeholders } from '../database/sql-lists';
import { USERS_WHO_SEE_DOC, userHasDocEvenTrashed } from '../docs/access/grants-sql';
import { EVENT_BITS } from './event-types';
import type { OutboxEvent } from './outbox-events';

/**
 * The outbox's statements (`outboxSql`, every text in `outboxStatements`): events recorded for
 * the webhooks that want them, deliveries claimed and logged, old rows cleaned.
 */

/** The most users an audience names: a folder's owner and the user it is shared with. */
const AUDIENCE_USERS = 2;

/**
 * The active webhooks of the event's audience that want the event of this bit: those who have
 * its document (`ofDoc`, as the access room says), the members of its group (`ofGroup`), and the audience's users (always
 * `AUDIENCE_USERS` parameters, see `wantingValues`).
 */
function wantingSql(ofDoc: boolean, ofGroup: boolean): string {
  const ways: string[] = [];
  if (ofDoc) {
    ways.push(USERS_WHO_SEE_DOC);
  }
  if (ofGroup) ways.push('SELECT user_id FROM group_members WHERE group_id = ?');
  const members = ways.length > 0 ? `w.user_id IN (${ways.join('\n    UNION ')}) OR ` : '';
  return `FROM webhooks w WHERE (${members}w.user_id IN (${placeholders(AUDIENCE_USERS)})) AND w.active = 1 AND (w.events & ?) <> 0`;
}

/**
 * The parameters of `wantingSql`: the audience's users padded by repeating the last (NULLs,
 * which match nobody, when there are none).
 */
export function wantingValues(event: OutboxEvent): unknown[] {
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
const STILL_HAS = userHasDocEvenTrashed('w.user_id');
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
export const MAX_LISTED_IDS = 128;
/** The most webhooks one claim serves (the arms of `dueOfWebhooks`). */
export const MAX_WEBHOOKS_PER_CLAIM = 256;
/** The most attempts one INSERT logs: the dispatcher's batch of outcomes (`RECORD_BATCH`). */
export const MAX_LOGGED_ATTEMPTS = 64;

/** The outbox's statements; a list's length is a power of two (see `paddedList`). */
export const outboxSql = {
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
