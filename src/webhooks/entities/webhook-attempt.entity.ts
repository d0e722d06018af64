import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { Webhook } from './webhook.entity';

/** The delivery log: one row per attempt, kept 7 days (`GET /webhooks/{id}/deliveries`). */
@Entity({ name: 'webhook_attempts' })
@Index('IDX_webhook_attempts_webhook', ['webhookId', 'id'])
@Index('IDX_webhook_attempts_at', ['attemptedAt'])
export class WebhookAttempt {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'webhook_id', type: 'int' })
  webhookId: number;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  @Column({ name: 'event_uuid', type: 'varchar', length: 36 })
  eventUuid: string;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  /** 1 for the first attempt. */
  @Column({ type: 'int' })
  attempt: number;

  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode: number | null;

  /** Why it failed without a status; null otherwise. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  error: string | null;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs: number;

  @Column(timestampColumn('attempted_at'))
  attemptedAt: Date;

  /** When it is tried again; null after a success or the last attempt. */
  @Column(timestampColumn('next_attempt_at', true))
  nextAttemptAt: Date | null;
}
