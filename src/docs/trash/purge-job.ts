import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { Counter } from 'prom-client';
import { Clock } from '../../common/clock';
import { RepeatingJob } from '../../common/repeating-job';
import { JobLeases } from '../../database/job-leases';
import { Metrics } from '../../metrics/metrics';
import { revisionsConfig, type RevisionsConfig } from '../revisions/revisions.config';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { trashConfig, type TrashConfig } from './trash.config';
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
  private readonly schedule?: RepeatingJob;
  private readonly runs: Counter;
  private readonly purgedDocs: Counter;
  private readonly prunedDocs: Counter;

  constructor(
    private readonly trash: TrashRepository,
    private readonly revisions: RevisionsRepository,
    private readonly leases: JobLeases,
    private readonly clock: Clock,
    @Inject(trashConfig.KEY) private readonly trashSettings: TrashConfig,
    @Inject(revisionsConfig.KEY) private readonly revisionSettings: RevisionsConfig,
    metrics: Metrics,
  ) {
    this.runs = metrics.counter({
      name: 'dms_purge_runs_total',
      help: 'Runs of the purge job by this process (those that got the lease)',
    });
    this.purgedDocs = metrics.counter({
      name: 'dms_trash_purged_documents_total',
      help: 'Trashed documents the purge job deleted for good after TRASH_RETENTION_DAYS',
    });
    this.prunedDocs = metrics.counter({
      name: 'dms_revisions_pruned_documents_total',
      help: 'Documents whose versions beyond REVISIONS_KEEP the purge job deleted',
    });
    const interval = trashSettings.purgeIntervalMs;
    if (interval > 0) {
      this.schedule = new RepeatingJob(
        'the purge job',
        interval,
        () => this.runAndLog(),
        this.logger,
      );
    }
  }

  onApplicationBootstrap(): void {
    this.schedule?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.schedule?.stop();
  }

  /** Runs the job once, if this instance gets the lease. */
  async run(): Promise<PurgeOutcome> {
    const { name, durationMs } = PURGE_LEASE;
    const outcome = await this.leases.withLease(name, durationMs, async (renew) => {
      const done: PurgeOutcome = { ran: true, purgedDocs: 0, prunedDocs: 0 };
      // Another batch only while the lease is still ours and no stop has begun.
      const more = async () => !this.schedule?.isStopped && (await renew());
      const retentionMs = this.trashSettings.retentionDays * DAY_MS;
      for (;;) {
        const cutoff = new Date(this.clock.now().getTime() - retentionMs);
        const { found, purged } = await this.trash.purgeExpired(cutoff, PURGE_BATCH);
        done.purgedDocs += purged;
        if (found < PURGE_BATCH || !(await more())) break;
      }
      for (;;) {
        const pruned = await this.revisions.prune(this.revisionSettings.keep, PURGE_BATCH);
        done.prunedDocs += pruned;
        if (pruned < PURGE_BATCH || !(await more())) break;
      }
      return done;
    });
    if (!outcome) return { ran: false, purgedDocs: 0, prunedDocs: 0 };
    this.runs.inc();
    this.purgedDocs.inc(outcome.purgedDocs);
    this.prunedDocs.inc(outcome.prunedDocs);
    return outcome;
  }

  private async runAndLog(): Promise<void> {
    const outcome = await this.run();
    if (outcome.purgedDocs > 0 || outcome.prunedDocs > 0) {
      this.logger.log(
        `purged ${outcome.purgedDocs} trashed documents; pruned old versions of ${outcome.prunedDocs} documents`,
      );
    }
  }
}
