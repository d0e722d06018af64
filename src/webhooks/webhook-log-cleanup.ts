import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { Clock } from '../common/clock';
import { RepeatingJob } from '../common/repeating-job';
import { JobLeases } from '../database/job-leases';
import { OutboxRepository } from './outbox.repository';
import { webhooksConfig, type WebhooksConfig } from './webhooks.config';

/** The cleanup's lease (its row comes with the Webhooks migration). */
export const LOG_CLEANUP_LEASE = { name: 'webhook-log', durationMs: 60_000 };
/** How long the delivery log keeps an attempt. */
export const LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 1000;

/**
 * Deletes delivery log rows older than 7 days, and events no delivery needs any more. One
 * instance at a time (the lease of `job_leases`, as the purge job), in short batches; run by
 * the instances that deliver.
 */
@Injectable()
export class WebhookLogCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly schedule = new RepeatingJob(
    'the webhook log cleanup',
    INTERVAL_MS,
    async () => {
      await this.run();
    },
    new Logger('WebhookLogCleanup'),
  );

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly leases: JobLeases,
    private readonly clock: Clock,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.deliver) this.schedule.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.schedule.stop();
  }

  /** Runs once if this instance gets the lease; returns the rows deleted (null: no lease). */
  run(): Promise<number | null> {
    const { name, durationMs } = LOG_CLEANUP_LEASE;
    return this.leases.withLease(name, durationMs, async (renew) => {
      let removed = 0;
      for (;;) {
        const cutoff = new Date(this.clock.now().getTime() - LOG_RETENTION_MS);
        const batch = await this.outbox.cleanUp(cutoff, BATCH);
        removed += batch;
        if (batch < BATCH || this.schedule.isStopped || !(await renew())) break;
      }
      return removed;
    });
  }
}
