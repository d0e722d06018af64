import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Clock } from '../common/clock';
import { appConfig, type AppConfigValues } from '../config/app.config';
import { JobLeases } from '../database/job-leases';
import { RevisionsRepository } from './revisions.repository';
import { TrashRepository } from './trash.repository';

/** The purge job's lease: long enough for a few batches, short enough to recover soon. */
export const PURGE_LEASE = { name: 'purge', durationMs: 60_000 };
/** Documents per batch: each batch is one short transaction. */
export const PURGE_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one run of the purge job did; `ran: false` when another instance held the lease. */
export interface PurgeOutcome {
  ran: boolean;
  /** Trashed documents deleted for good. */
  purgedDocs: number;
  /** Documents whose versions beyond `REVISIONS_KEEP` were deleted. */
  prunedDocs: number;
}

/**
 * Deletes what has expired: documents in the trash longer than `TRASH_RETENTION_DAYS`, and
 * versions beyond the newest `REVISIONS_KEEP` (already unseen: reads stop at that limit).
 * Every instance tries at its own random moment in each interval; the lease lets one at a time
 * run, and it renews the lease between batches, stopping if it lost it. Each batch is a short
 * transaction, and a document restored while the job runs is never deleted (the delete checks
 * `deleted_at` in its own statement). `npm run -s cli -- trash purge` runs it once.
 */
@Injectable()
export class PurgeJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PurgeJob');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly trash: TrashRepository,
    private readonly revisions: RevisionsRepository,
    private readonly leases: JobLeases,
    private readonly clock: Clock,
    @Inject(appConfig.KEY) private readonly config: AppConfigValues,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.trash.purgeIntervalMs;
    if (interval > 0) this.schedule(randomInt(interval), interval);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs the job once, if this instance gets the lease. */
  async run(): Promise<PurgeOutcome> {
    const outcome: PurgeOutcome = { ran: false, purgedDocs: 0, prunedDocs: 0 };
    if (!(await this.leases.take(PURGE_LEASE.name, PURGE_LEASE.durationMs))) return outcome;
    outcome.ran = true;
    try {
      const retentionMs = this.config.trash.retentionDays * DAY_MS;
      for (;;) {
        const cutoff = new Date(this.clock.now().getTime() - retentionMs);
        const { found, purged } = await this.trash.purgeExpired(cutoff, PURGE_BATCH);
        outcome.purgedDocs += purged;
        if (found < PURGE_BATCH || !(await this.renew())) break;
      }
      for (;;) {
        const pruned = await this.revisions.prune(this.config.revisionsKeep, PURGE_BATCH);
        outcome.prunedDocs += pruned;
        if (pruned < PURGE_BATCH || !(await this.renew())) break;
      }
    } finally {
      await this.leases.release(PURGE_LEASE.name);
    }
    return outcome;
  }

  /** Keeps the lease for another batch; false when it was lost (then another instance runs). */
  private renew(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return this.leases.take(PURGE_LEASE.name, PURGE_LEASE.durationMs);
  }

  private schedule(delayMs: number, intervalMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .then((outcome) => {
          if (outcome.purgedDocs > 0 || outcome.prunedDocs > 0) {
            this.logger.log(
              `purged ${outcome.purgedDocs} trashed documents; pruned old versions of ${outcome.prunedDocs} documents`,
            );
          }
        })
        .catch((error: unknown) => {
          if (!this.stopped) {
            this.logger.warn(
              `the purge job failed (next try in ${intervalMs / 1000} s): ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        })
        .finally(() => this.schedule(intervalMs, intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
