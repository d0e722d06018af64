import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';

/**
 * One event, written in the transaction of the change it reports (by a trigger for the
 * document's own events, by the sharing transaction for members), and only when some
 * webhook wants it. It holds what the payload says (no html), so a delivery later sends the
 * document as it was then. Deleted once no delivery needs it.
 */
@Entity({ name: 'webhook_events' })
export class WebhookEvent {
  @PrimaryGeneratedColumn()
  id: number;

  /** `evt_` and 32 hex digits: the payload's `id` and the `Webhook-Id` header. */
  @Index('IDX_webhook_events_uuid', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  uuid: string;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  /** No foreign key: the event of a purge outlives its document. */
  @Column({ name: 'doc_id', type: 'int' })
  docId: number;

  @Column({ name: 'doc_uuid', type: 'varchar', length: 36 })
  docUuid: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'int' })
  version: number;

  @Column(timestampColumn('doc_updated_at'))
  docUpdatedAt: Date;

  /** Who made the change. */
  @Column({ name: 'actor_id', type: 'int' })
  actorId: number;

  /** On member events: the member added or removed, and the role given or held. */
  @Column({ name: 'member_user_id', type: 'int', nullable: true })
  memberUserId: number | null;

  @Column({ name: 'member_role', type: 'varchar', length: 16, nullable: true })
  memberRole: string | null;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
