import { ApiToken } from '../auth/entities/api-token.entity';
import { Doc } from '../docs/entities/doc.entity';
import { DocRevision } from '../docs/entities/doc-revision.entity';
import { TrashedDoc } from '../docs/entities/trashed-doc.entity';
import { TrashedDocMember } from '../docs/entities/trashed-doc-member.entity';
import { UserDoc } from '../docs/entities/user-doc.entity';
import { UserDocCount } from '../docs/entities/user-doc-count.entity';
import { Folder } from '../folders/entities/folder.entity';
import { IdempotencyKey } from '../idempotency/entities/idempotency-key.entity';
import { User } from '../users/entities/user.entity';
import { Webhook } from '../webhooks/entities/webhook.entity';
import { WebhookAttempt } from '../webhooks/entities/webhook-attempt.entity';
import { WebhookDelivery } from '../webhooks/entities/webhook-delivery.entity';
import { WebhookEvent } from '../webhooks/entities/webhook-event.entity';
import { JobLease } from './job-lease.entity';

/** Every entity of the service. A new module adds its entities here and a migration for each database. */
export const entities = [
  User,
  ApiToken,
  Folder,
  Doc,
  DocRevision,
  UserDoc,
  UserDocCount,
  IdempotencyKey,
  TrashedDoc,
  TrashedDocMember,
  JobLease,
  Webhook,
  WebhookEvent,
  WebhookDelivery,
  WebhookAttempt,
];
