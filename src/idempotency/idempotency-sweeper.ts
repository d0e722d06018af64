import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RepeatingJob } from '../common/repeating-job';
import { TransactionRunner } from '../database/transaction-runner';
import { IdempotencyRepository } from './idempotency.repository';

/** How often each instance deletes expired keys. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Rows per DELETE: short statements, short locks, small replication events. */
export const SWEEP_BATCH = 1000;
/** At most this many batches per sweep; the rest waits for the next one. */
const SWEEP_MAX_BATCHES = 100;

/**
 * Deletes expired idempotency keys in the background, in bounded batches found on the
 * `expires_at` index, so no request ever pays for it (requests ignore expired rows anyway).
 * Every instance sweeps, at a random offset within the interval; sweeps that overlap only
 * find fewer rows. The timer does not keep the process alive.
 */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('IdempotencySweeper');
  private readonly schedule = new RepeatingJob(
    'sweeping expired idempotency keys',
    SWEEP_INTERVAL_MS,
    async () => {
      const deleted = await this.sweep();
      if (deleted > 0) this.logger.log(`deleted ${deleted} expired idempotency keys`);
    },
    this.logger,
  );

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.schedule.stop();
  }

  /** Deletes the keys that have expired by now; returns how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES && !this.schedule.isStopped; batch++) {
      // One short transaction per batch: on MySQL at READ COMMITTED, so the DELETE locks only
      // the rows it deletes (no gap locks in the way of new keys); on SQLite requests get
      // their turns between batches.
      const count = await this.transactions.run((manager) =>
        this.keys.deleteExpired(manager, this.clock.now(), SWEEP_BATCH),
      );
      deleted += count;
      if (count < SWEEP_BATCH) break;
    }
    return deleted;
  }
}
