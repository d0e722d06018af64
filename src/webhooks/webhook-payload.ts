import { toIsoTimestamp } from '../database/sql-values';
import type { ClaimedDelivery } from './outbox.repository';
import { signatureHeader } from './signature';

/** The JSON body of a delivery: the event, without the document's html. */
export function deliveryBody(delivery: ClaimedDelivery): string {
  return JSON.stringify({
    id: delivery.event_uuid,
    type: delivery.type,
    created_at: toIsoTimestamp(delivery.created_at),
    actor: { id: Number(delivery.actor_id), email: delivery.actor_email },
    document: {
      uuid: delivery.doc_uuid,
      title: delivery.title,
      version: Number(delivery.version),
      updated_at: toIsoTimestamp(delivery.doc_updated_at),
    },
    ...(delivery.member_user_id !== null && {
      member: { user_id: Number(delivery.member_user_id), role: delivery.member_role },
    }),
  });
}

/** The Standard Webhooks headers of one attempt, signed at `at`. */
export function deliveryHeaders(
  delivery: ClaimedDelivery,
  body: string,
  at: Date,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'document-service-webhooks/1.2',
    'webhook-id': delivery.event_uuid,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(delivery.secret, delivery.event_uuid, timestamp, body),
  };
}
