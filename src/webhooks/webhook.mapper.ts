import { toIsoTimestamp } from '../database/sql-values';
import { CreatedWebhookDto, DeliveryAttemptDto, WebhookDto } from './dto/webhook.dto';
import { eventNames } from './event-types';
import type { AttemptRow, WebhookRow } from './webhooks.repository';

export function toWebhook(row: WebhookRow): WebhookDto {
  return {
    id: row.uuid,
    url: row.url,
    events: eventNames(Number(row.events)),
    description: row.description,
    active: Boolean(Number(row.active)),
    disabled_reason: row.disabled_reason,
    created_at: toIsoTimestamp(row.created_at),
  };
}

/** The one answer that shows the secret: the create's. */
export function toCreatedWebhook(row: WebhookRow): CreatedWebhookDto {
  return { ...toWebhook(row), secret: row.secret };
}

export function toDeliveryAttempt(row: AttemptRow): DeliveryAttemptDto {
  return {
    event_id: row.event_uuid,
    type: row.type,
    attempt: Number(row.attempt),
    status_code: row.status_code === null ? null : Number(row.status_code),
    error: row.error,
    duration_ms: Number(row.duration_ms),
    delivered_at: toIsoTimestamp(row.attempted_at),
    next_attempt_at: row.next_attempt_at === null ? null : toIsoTimestamp(row.next_attempt_at),
  };
}
