import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';

/** A user's subscription: where to send which events of the documents they are a member of. */
@Entity({ name: 'webhooks' })
@Index('IDX_webhooks_user', ['userId', 'createdAt'])
export class Webhook {
  @PrimaryGeneratedColumn()
  id: number;

  /** The id the API shows. */
  @Index('IDX_webhooks_uuid', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  uuid: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** The events wanted, one bit each (`event-types.ts`); the outbox triggers test the bits. */
  @Column({ type: 'int' })
  events: number;

  @Column({ type: 'varchar', length: 256, nullable: true })
  description: string | null;

  /** `whsec_...`: signs every delivery. */
  @Column({ type: 'varchar', length: 64 })
  secret: string;

  /** Events are written and delivered only while active. */
  @Column({ type: 'boolean' })
  active: boolean;

  /** Why it was turned off by the service (too many failures); null otherwise. */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 255, nullable: true })
  disabledReason: string | null;

  /** Failed attempts since the last success. */
  @Column({ name: 'failure_count', type: 'int' })
  failureCount: number;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
