import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';

/**
 * One `Idempotency-Key` of one user. The key itself is not stored, only its SHA-256: keys may
 * be 255 characters, and the primary key stays short. A row is pending (`completed_at` null)
 * while a request holds its lease, and completed once the resource and the response to replay
 * are committed. `attempt` is the fencing token: it goes up whenever another request takes
 * the key over, and only the holder of the current attempt may complete it.
 */
@Entity({ name: 'idempotency_keys' })
@Index('IDX_idempotency_keys_expires_at', ['expiresAt'])
export class IdempotencyKey {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** SHA-256 of the canonical form of the request the key was first used with. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;

  /** The id reserved for the resource the request creates, fixed when the key is stored. */
  @Column({ name: 'resource_id', type: 'varchar', length: 36 })
  resourceId: string;

  @Column({ type: 'int' })
  attempt: number;

  /** Until when the pending request holding the key counts as running; null once completed. */
  @Column(timestampColumn('lease_until', true))
  leaseUntil: Date | null;

  /** The JSON body to replay; null while pending. */
  @Column({ type: 'text', nullable: true })
  response: string | null;

  @Column(timestampColumn('completed_at', true))
  completedAt: Date | null;

  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /** From then on the row is ignored, and the sweeper deletes it. */
  @Column(timestampColumn('expires_at'))
  expiresAt: Date;
}
