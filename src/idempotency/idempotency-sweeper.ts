import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Clock } from '../common/clock';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(randomInt(SWEEP_INTERVAL_MS));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Deletes the keys that have expired by now; returns how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES && !this.stopped; batch++) {
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

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then((deleted) => {
          if (deleted > 0) this.logger.log(`deleted ${deleted} expired idempotency keys`);
          return deleted;
        })
        .catch((error: unknown) => {
          if (!this.stopped) {
            this.logger.warn(
              `sweeping expired idempotency keys failed (next try in ${SWEEP_INTERVAL_MS / 1000} s): ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          return 0;
        })
        .finally(() => this.schedule(SWEEP_INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }
}
