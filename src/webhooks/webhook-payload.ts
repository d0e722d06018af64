import { toIsoTimestamp } from '../database/sql-values';
import type { ClaimedDelivery } from './outbox.repository';
import { signatureHeader } from './signature';

/**
 * The JSON body of a delivery: the event, without the document's html. `document` on a
 * document's events, `member` on a member's (of a document, a group, or a folder shared with a
 * user), `group` on a group's events and its shares, `folder` on a folder's; `actor` is null
 * when an operator made the change with the CLI.
 */
export function deliveryBody(delivery: ClaimedDelivery): string {
  return JSON.stringify({
    id: delivery.event_uuid,
    type: delivery.type,
    created_at: toIsoTimestamp(delivery.created_at),
    actor:
      delivery.actor_id === null
        ? null
        : { id: Number(delivery.actor_id), email: delivery.actor_email },
    ...(delivery.doc_uuid !== null && {
      document: {
        uuid: delivery.doc_uuid,
        title: delivery.title,
        version: Number(delivery.version),
        updated_at: toIsoTimestamp(delivery.doc_updated_at!),
      },
    }),
    ...(delivery.folder_share_id !== null && {
      folder: {
        share_id: Number(delivery.folder_share_id),
        owner_id: Number(delivery.folder_owner_id),
        path: delivery.folder_path,
      },
    }),
    ...(delivery.group_id !== null && {
      group: {
        id: Number(delivery.group_id),
        name: delivery.group_name,
        ...(delivery.group_role !== null && { role: delivery.group_role }),
      },
    }),
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
