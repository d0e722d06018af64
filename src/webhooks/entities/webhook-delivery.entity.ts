import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { Webhook } from './webhook.entity';
import { WebhookEvent } from './webhook-event.entity';

/**
 * The outbox: one event still to deliver to one webhook. A dispatcher claims a row with a
 * conditional UPDATE that sets who holds it until when; an expired claim can be taken by
 * another. The row goes when the event is delivered or its retries run out. Dispatchers read
 * each webhook's due rows, oldest first, from the (webhook, next attempt) index.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_due', ['webhookId', 'nextAttemptAt'])
@Index('IDX_webhook_deliveries_webhook_doc', ['webhookId', 'docId'])
@Index('IDX_webhook_deliveries_doc', ['docId'])
export class WebhookDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'event_id', type: 'int' })
  eventId: number;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: WebhookEvent;

  @Column({ name: 'webhook_id', type: 'int' })
  webhookId: number;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  /**
   * The event's document (none for a group's or a folder's event): when a user loses access to
   * it, their pending events of it are dropped.
   */
  @Column({ name: 'doc_id', type: 'int', nullable: true })
  docId: number | null;

  /** Attempts made so far. */
  @Column({ type: 'int' })
  attempts: number;

  @Column(timestampColumn('next_attempt_at'))
  nextAttemptAt: Date;

  /** The claim of the dispatcher delivering it now, and until when it holds. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 64, nullable: true })
  claimedBy: string | null;

  @Column(timestampColumn('claimed_until', true))
  claimedUntil: Date | null;
}
