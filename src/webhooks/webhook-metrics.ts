import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Clock } from '../common/clock';
import { Metrics } from '../metrics/metrics';
import { OutboxRepository } from './outbox.repository';

/** How an attempt ended: taken (2xx), to be tried again, or failed for the last time. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'given_up';

/**
 * The webhooks' metrics: how attempts end, and the outbox's queue, read from the database when
 * scraped. Every worker reads the same queue, so the workers' values are not added up.
 */
@Injectable()
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;

  constructor(metrics: Metrics, outbox: OutboxRepository, clock: Clock) {
    this.attempts = metrics.counter({
      name: 'dms_webhook_attempts_total',
      help: 'Delivery attempts this process made, by outcome: delivered (a 2xx), retrying (failed, tried again later), given_up (failed, no retry left)',
      labelNames: ['outcome'],
    });
    for (const outcome of ['delivered', 'retrying', 'given_up'] as const) {
      this.attempts.inc({ outcome }, 0);
    }
    if (!metrics.enabled) return;
    // One query per scrape, shared by the three gauges.
    let reading: ReturnType<OutboxRepository['backlog']> | undefined;
    const backlog = () => {
      reading ??= outbox.backlog(clock.now()).finally(() => (reading = undefined));
      return reading;
    };
    metrics.gauge({
      name: 'dms_webhook_deliveries_waiting',
      help: 'Deliveries in the outbox: due, being sent, or scheduled for a retry',
      aggregator: 'max',
      async collect() {
        this.set((await backlog()).waiting);
      },
    });
    metrics.gauge({
      name: 'dms_webhook_deliveries_due',
      help: 'Deliveries of active webhooks whose time has come, being sent or not',
      aggregator: 'max',
      async collect() {
        this.set((await backlog()).due);
      },
    });
    metrics.gauge({
      name: 'dms_webhook_oldest_due_seconds',
      help: 'How long the longest-waiting due delivery has been due (0: none due): the delivery lag',
      aggregator: 'max',
      async collect() {
        const { oldestDueAt } = await backlog();
        const now = clock.now().getTime();
        this.set(oldestDueAt ? Math.max(0, now - oldestDueAt.getTime()) / 1000 : 0);
      },
    });
  }

  attemptEnded(outcome: AttemptOutcome): void {
    this.attempts.inc({ outcome });
  }
}
