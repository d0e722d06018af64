import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock';
import { appConfig, type AppConfigValues } from '../config/app.config';
import { ClaimedDelivery, OutboxRepository } from './outbox.repository';
import { deliveryBody, deliveryHeaders } from './webhook-payload';
import { ATTEMPT_TIMEOUT_MS, WebhookSender } from './webhook-sender';

/** Deliveries one process sends at once, in all and to one webhook. */
export const MAX_IN_FLIGHT = 32;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 4;
/** A claim outlives the attempt's timeout; if its holder dies, another takes it after this. */
export const CLAIM_MS = ATTEMPT_TIMEOUT_MS + 20_000;
/** Failed attempts in a row after which a webhook is turned off. */
export const DISABLE_AFTER_FAILURES = 50;
/** Retry delays vary by up to this share either way, so retries of many events spread out. */
export const JITTER = 0.2;

/**
 * The delay before the next attempt, after `attemptsBefore` earlier ones and the one that just
 * failed: that entry of the schedule, moved by up to `JITTER` either way (`random` in [0, 1));
 * null once the schedule is used up.
 */
export function retryDelay(
  scheduleMs: readonly number[],
  attemptsBefore: number,
  random: number,
): number | null {
  const delay = scheduleMs[attemptsBefore];
  if (delay === undefined) return null;
  return Math.round(delay * (1 - JITTER + random * 2 * JITTER));
}

/**
 * Delivers the outbox. Each instance (each worker) that delivers runs one: it claims due
 * deliveries with a conditional UPDATE and a claim that expires (no lock, Galera-safe), sends
 * each, and records the outcome. Bounded: `MAX_IN_FLIGHT` at once, `MAX_IN_FLIGHT_PER_WEBHOOK`
 * to one webhook (one slow receiver cannot hold up the others), 10 s per attempt.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly inFlight = new Map<number, number>();
  private readonly sending = new Set<Promise<void>>();
  private total = 0;
  private stopped = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** Whether the loop waits for a delivery to end (rather than for its next poll). */
  private roomWanted = false;
  private lastWarning = 0;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    @Inject(appConfig.KEY) private readonly config: AppConfigValues,
  ) {}

  /** Attempts this dispatcher has under way now. */
  get deliveriesUnderWay(): number {
    return this.total;
  }

  onApplicationBootstrap(): void {
    if (this.config.webhooks.deliver) this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    // Attempts under way end within their timeout; a claim left behind would only delay them.
    await Promise.allSettled([...this.sending]);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const room = MAX_IN_FLIGHT - this.total;
      let started = 0;
      if (room > 0) {
        try {
          started = await this.claimAndSend(room);
        } catch (error) {
          this.warn(error);
        }
      }
      if (this.stopped) break;
      // A full batch: there may be more, go on as soon as there is room. Otherwise wait.
      await this.pause(room > 0 && started < room ? this.config.webhooks.pollMs : null);
    }
  }

  /** Waits `ms`, or (null) until a delivery ends; a stop ends either at once. */
  private pause(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        this.roomWanted = false;
        resolve();
      };
      if (ms !== null) timer = setTimeout(done, ms);
      this.roomWanted = ms === null;
      this.wake = done;
    });
  }

  private async claimAndSend(room: number): Promise<number> {
    const claimId = randomUUID();
    const now = this.clock.now();
    const claimed = await this.outbox.claim(
      claimId,
      now,
      new Date(now.getTime() + CLAIM_MS),
      room,
      MAX_IN_FLIGHT_PER_WEBHOOK,
      this.inFlight,
    );
    let started = 0;
    for (const delivery of claimed) {
      const webhookId = Number(delivery.webhook_id);
      const count = this.inFlight.get(webhookId) ?? 0;
      // Only if this dispatcher stopped meanwhile: the claim asked for no more than there is room for.
      if (count >= MAX_IN_FLIGHT_PER_WEBHOOK || this.stopped) {
        await this.outbox.release(delivery.id, claimId);
        continue;
      }
      this.inFlight.set(webhookId, count + 1);
      this.total += 1;
      started += 1;
      const sending = this.deliver(delivery, claimId).finally(() => {
        const left = (this.inFlight.get(webhookId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(webhookId);
        else this.inFlight.set(webhookId, left);
        this.total -= 1;
        this.sending.delete(sending);
        if (this.roomWanted) this.wake?.();
      });
      this.sending.add(sending);
    }
    return started;
  }

  /** One attempt and its outcome; errors of the database are logged, the claim then expires. */
  private async deliver(delivery: ClaimedDelivery, claimId: string): Promise<void> {
    try {
      const body = deliveryBody(delivery);
      const at = this.clock.now();
      const result = await this.sender.send(
        delivery.url,
        deliveryHeaders(delivery, body, at),
        body,
      );
      const outcome = { ...result, at };
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      if (ok) {
        await this.outbox.succeeded(delivery, claimId, outcome);
      } else {
        const retryAt = this.retryAt(Number(delivery.attempts));
        await this.outbox.failed(delivery, claimId, outcome, retryAt, DISABLE_AFTER_FAILURES);
      }
    } catch (error) {
      this.warn(error);
    }
  }

  /** When to try again after the attempt that followed `attemptsBefore` others; null: no more. */
  private retryAt(attemptsBefore: number): Date | null {
    const delay = retryDelay(this.config.webhooks.retryScheduleMs, attemptsBefore, Math.random());
    return delay === null ? null : new Date(this.clock.now().getTime() + delay);
  }

  /** At most one warning a minute: a database outage would otherwise log every poll. */
  private warn(error: unknown): void {
    if (this.stopped) return;
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.logger.warn(
      `webhook delivery failed on the database side (will retry): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
