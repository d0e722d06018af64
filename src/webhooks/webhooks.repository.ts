import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { toSqlTimestamp } from '../database/sql-values';
import type { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';

/** A webhook as stored. */
export interface WebhookRow {
  id: number;
  uuid: string;
  url: string;
  events: number;
  description: string | null;
  secret: string;
  active: number | boolean;
  disabled_reason: string | null;
  created_at: Date | string;
}

/** One attempt in the delivery log. */
export interface AttemptRow {
  event_uuid: string;
  type: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date | string;
  next_attempt_at: Date | string | null;
}

export interface NewWebhook {
  uuid: string;
  userId: number;
  url: string;
  events: number;
  description: string | null;
  secret: string;
  at: Date;
}

/** What a PATCH changes; a field left out keeps its value. */
export interface WebhookChanges {
  url?: string;
  events?: number;
  active?: boolean;
}

const COLUMNS = 'id, uuid, url, events, description, secret, active, disabled_reason, created_at';

const webhooksSql = {
  /** Adds the webhook unless the user already has `?` (the count and the insert in one). */
  insert: `INSERT INTO webhooks (uuid, user_id, url, events, description, secret, active, failure_count, created_at)
SELECT ?, ?, ?, ?, ?, ?, 1, 0, ? FROM users WHERE id = ? AND (SELECT COUNT(*) FROM webhooks WHERE user_id = ?) < ?`,
  findAll: `SELECT ${COLUMNS} FROM webhooks WHERE user_id = ? ORDER BY created_at, id`,
  find: `SELECT ${COLUMNS} FROM webhooks WHERE user_id = ? AND uuid = ?`,
  /**
   * A PATCH: a field given as NULL keeps its value (none of them is nullable); the fourth
   * parameter, 1 when the webhook is turned on, clears why it was turned off and its failures.
   */
  update: `UPDATE webhooks SET url = COALESCE(?, url), events = COALESCE(?, events), active = COALESCE(?, active),
  disabled_reason = CASE WHEN ? = 1 THEN NULL ELSE disabled_reason END,
  failure_count = CASE WHEN ? = 1 THEN 0 ELSE failure_count END
WHERE user_id = ? AND uuid = ?`,
  delete: 'DELETE FROM webhooks WHERE user_id = ? AND uuid = ?',
  attemptCount: 'SELECT COUNT(*) AS n FROM webhook_attempts WHERE webhook_id = ?',
  attemptsPage: `SELECT event_uuid, type, attempt, status_code, error, duration_ms, attempted_at, next_attempt_at
FROM webhook_attempts WHERE webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
};

/** Every text of the subscriptions and their log (the same on both databases). */
export const webhooksStatements: StatementList = () => ({ ...webhooksSql });

/** The subscriptions and their delivery log; always those of one user. */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Adds the webhook unless the user already has `limit`; false then. The count and the insert
   * are one statement.
   */
  async insert(webhook: NewWebhook, limit: number): Promise<boolean> {
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(
        webhooksSql.insert,
        [
          ...[webhook.uuid, webhook.userId, webhook.url, webhook.events, webhook.description],
          ...[webhook.secret, toSqlTimestamp(webhook.at), webhook.userId, webhook.userId, limit],
        ],
        manager,
      ),
    );
    return result.affected === 1;
  }

  findAll(userId: number): Promise<WebhookRow[]> {
    return this.sql.rows<WebhookRow>(webhooksSql.findAll, [userId]);
  }

  async find(userId: number, uuid: string): Promise<WebhookRow | null> {
    const [row] = await this.sql.rows<WebhookRow>(webhooksSql.find, [userId, uuid]);
    return row ?? null;
  }

  /**
   * Changes the user's webhook; false when they have none by that id. Turning it on again
   * clears why it was turned off and its failure count.
   */
  async update(userId: number, uuid: string, changes: WebhookChanges): Promise<boolean> {
    const active = changes.active === undefined ? null : changes.active ? 1 : 0;
    const turnedOn = changes.active === true ? 1 : 0;
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(
        webhooksSql.update,
        [changes.url ?? null, changes.events ?? null, active, turnedOn, turnedOn, userId, uuid],
        manager,
      ),
    );
    return result.affected === 1;
  }

  /** Deletes the webhook with its pending deliveries and its log; false when there is none. */
  async delete(userId: number, uuid: string): Promise<boolean> {
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(webhooksSql.delete, [userId, uuid], manager),
    );
    return result.affected === 1;
  }

  /** A page of the webhook's log, newest first, and the log's total, at one moment. */
  attemptsPage(
    webhookId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: AttemptRow[]; totalCount: number }> {
    return this.transactions.snapshot(async (manager) => {
      const [counted] = await this.sql.rows<{ n: number | string }>(
        webhooksSql.attemptCount,
        [webhookId],
        manager,
      );
      const totalCount = Number(counted.n);
      if (offset >= totalCount) return { rows: [], totalCount };
      const rows = await this.sql.rows<AttemptRow>(
        webhooksSql.attemptsPage,
        [webhookId, limit, offset],
        manager,
      );
      return { rows, totalCount };
    });
  }
}
