import { Column, Entity, PrimaryColumn } from 'typeorm';
import { timestampColumn } from './column-types';

/**
 * Who runs a background job now, until when: one row per job. An instance takes the lease
 * with a conditional UPDATE (free, expired, or its own) and renews it as it goes; one that
 * dies simply lets it expire. Galera has no `GET_LOCK`, so the lease is a row.
 */
@Entity({ name: 'job_leases' })
export class JobLease {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  /** The instance holding it (random per process); null when never taken. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  holder: string | null;

  @Column(timestampColumn('expires_at'))
  expiresAt: Date;
}
