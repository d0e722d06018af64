import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock';
import { Sql } from './sql';
import { toSqlTimestamp } from './sql-values';
import { StatementList } from './statement-catalogue';
import { TransactionRunner } from './transaction-runner';

const jobLeasesSql = {
  take: `UPDATE job_leases SET holder = ?, expires_at = ?
WHERE name = ? AND (holder = ? OR holder IS NULL OR expires_at <= ?)`,
  release: 'UPDATE job_leases SET holder = NULL, expires_at = ? WHERE name = ? AND holder = ?',
};

/** Every text of the job leases (the same on each dialect). */
export const jobLeasesStatements: StatementList = () => ({ ...jobLeasesSql });

/**
 * Leases on background jobs (`job_leases`), so that one instance (or worker) at a time runs
 * each, across instances and Galera nodes alike: one conditional UPDATE takes a lease that is
 * free, expired or already ours, and sets when it expires. Renewing is taking it again; an
 * instance that dies holding it only delays the job until it expires. Instances' clocks must
 * agree to well within a lease's length (NTP does).
 */
@Injectable()
export class JobLeases {
  /** This process, as a lease holder. */
  readonly holder = randomUUID();

  constructor(
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  /** Takes or renews the lease for `durationMs` from now; false when another holds it. */
  async take(name: string, durationMs: number): Promise<boolean> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + durationMs);
    const result = await this.transactions.exclusive((manager) =>
      this.sql.run(
        jobLeasesSql.take,
        [this.holder, toSqlTimestamp(until), name, this.holder, toSqlTimestamp(now)],
        manager,
      ),
    );
    return result.affected === 1;
  }

  /**
   * Runs `work` if this process takes the lease, then gives it up; null when another holds it.
   * `work` renews the lease between its steps with `renew`, and stops when that returns false
   * (the lease was lost: another process may run now).
   */
  async withLease<T>(
    name: string,
    durationMs: number,
    work: (renew: () => Promise<boolean>) => Promise<T>,
  ): Promise<T | null> {
    if (!(await this.take(name, durationMs))) return null;
    try {
      return await work(() => this.take(name, durationMs));
    } finally {
      await this.release(name);
    }
  }

  /** Gives the lease up (if still ours), so the next run need not wait for it to expire. */
  async release(name: string): Promise<void> {
    await this.transactions.exclusive((manager) =>
      this.sql.run(jobLeasesSql.release, [toSqlTimestamp(new Date(0)), name, this.holder], manager),
    );
  }
}
