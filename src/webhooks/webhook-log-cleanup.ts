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
import { OutboxRepository } from './outbox.repository';

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
  private readonly logger = new Logger('WebhookLogCleanup');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly leases: JobLeases,
    private readonly clock: Clock,
    @Inject(appConfig.KEY) private readonly config: AppConfigValues,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.webhooks.deliver) this.schedule(randomInt(INTERVAL_MS));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs once if this instance gets the lease; returns the rows deleted (null: no lease). */
  async run(): Promise<number | null> {
    const { name, durationMs } = LOG_CLEANUP_LEASE;
    if (!(await this.leases.take(name, durationMs))) return null;
    let removed = 0;
    try {
      for (;;) {
        const cutoff = new Date(this.clock.now().getTime() - LOG_RETENTION_MS);
        const batch = await this.outbox.cleanUp(cutoff, BATCH);
        removed += batch;
        if (batch < BATCH || this.stopped || !(await this.leases.take(name, durationMs))) break;
      }
    } finally {
      await this.leases.release(name);
    }
    return removed;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .catch((error: unknown) => {
          if (!this.stopped) {
            this.logger.warn(
              `the webhook log cleanup failed (next try in ${INTERVAL_MS / 60_000} min): ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        })
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }
}
