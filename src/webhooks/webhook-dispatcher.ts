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
import { AttemptResult, ClaimedDelivery, OutboxRepository } from './outbox.repository';
import { deliveryBody, deliveryHeaders } from './webhook-payload';
import { ATTEMPT_TIMEOUT_MS, WebhookSender } from './webhook-sender';

/** Deliveries one process sends at once, in all and to one webhook. */
export const MAX_IN_FLIGHT = 64;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 16;
/** Outcomes are recorded together: when this many have ended, or this long after the first. */
const RECORD_BATCH = 64;
const RECORD_AFTER_MS = 10;
/** After a delivery ends, how long the loop waits for others to end before it claims again. */
const CLAIM_AGAIN_AFTER_MS = 5;
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
 * each, and records the outcomes in batches (one short transaction for many). Bounded:
 * `MAX_IN_FLIGHT` at once, `MAX_IN_FLIGHT_PER_WEBHOOK` to one webhook (one slow receiver cannot
 * hold up the others), 10 s per attempt.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookDispatcher');
  /** This dispatcher, as the holder of its claims. */
  private readonly holder = randomUUID();
  /** Per webhook, the deliveries being sent now. */
  private readonly inFlight = new Map<number, number>();
  private readonly sending = new Set<Promise<void>>();
  private sendingCount = 0;
  /** Attempts that have ended, waiting to be recorded, and the recording under way. */
  private ended: AttemptResult[] = [];
  private recording = 0;
  private recordTimer?: NodeJS.Timeout;
  private recorded: Promise<void> = Promise.resolve();
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

  /** Attempts this dispatcher has under way now, their recording included. */
  get deliveriesUnderWay(): number {
    return this.sendingCount + this.ended.length + this.recording;
  }

  onApplicationBootstrap(): void {
    if (this.config.webhooks.deliver) this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    // Attempts under way end within their timeout; then what they came to is recorded.
    await Promise.allSettled([...this.sending]);
    await this.record();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const room = MAX_IN_FLIGHT - this.sendingCount;
      let started = 0;
      if (room > 0) {
        try {
          started = await this.claimAndSend(room);
        } catch (error) {
          this.warn(error);
        }
      }
      if (this.stopped) break;
      // Something was claimed, or there was no room: more may be due than there was room for,
      // so look again as soon as deliveries end (or at the next poll). Nothing due: the poll.
      await this.pause(this.config.webhooks.pollMs, started > 0 || room <= 0);
    }
  }

  /**
   * Waits `ms`, or (`untilRoom`) less if deliveries end first: a few milliseconds after the
   * first ends, so one claim serves several. A stop ends the wait at once.
   */
  private pause(ms: number, untilRoom: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        this.roomWanted = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.roomWanted = untilRoom;
      this.wake = done;
    });
  }

  /** A delivery ended: the loop, if it waits for room, claims again shortly. */
  private roomFreed(): void {
    if (!this.roomWanted) return;
    this.roomWanted = false;
    const wake = this.wake;
    setTimeout(() => wake?.(), CLAIM_AGAIN_AFTER_MS);
  }

  private async claimAndSend(room: number): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.outbox.claim(
      this.holder,
      now,
      new Date(now.getTime() + CLAIM_MS),
      room,
      MAX_IN_FLIGHT_PER_WEBHOOK,
      this.inFlight,
    );
    for (const delivery of claimed) {
      if (this.stopped) {
        await this.outbox.release(delivery.id, this.holder);
        continue;
      }
      const webhookId = Number(delivery.webhook_id);
      this.inFlight.set(webhookId, (this.inFlight.get(webhookId) ?? 0) + 1);
      this.sendingCount += 1;
      const sending = this.deliver(delivery).finally(() => {
        const left = (this.inFlight.get(webhookId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(webhookId);
        else this.inFlight.set(webhookId, left);
        this.sendingCount -= 1;
        this.sending.delete(sending);
        this.roomFreed();
      });
      this.sending.add(sending);
    }
    return claimed.length;
  }

  /** One attempt; what it came to is recorded with others that end about then. */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = deliveryBody(delivery);
    const at = this.clock.now();
    const result = await this.sender.send(delivery.url, deliveryHeaders(delivery, body, at), body);
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    this.ended.push({
      delivery,
      outcome: { ...result, at },
      ok,
      retryAt: ok ? null : this.retryAt(Number(delivery.attempts)),
    });
    if (this.ended.length >= RECORD_BATCH) void this.record();
    else this.recordTimer ??= setTimeout(() => void this.record(), RECORD_AFTER_MS);
  }

  /**
   * Records the attempts that have ended, one batch at a time. If the database fails, their
   * claims expire and they are sent again: at least once.
   */
  private record(): Promise<void> {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    this.recorded = this.recorded.then(async () => {
      const batch = this.ended.splice(0, this.ended.length);
      if (batch.length === 0) return;
      this.recording += batch.length;
      try {
        await this.outbox.record(this.holder, batch, DISABLE_AFTER_FAILURES);
      } catch (error) {
        this.warn(error);
      } finally {
        this.recording -= batch.length;
      }
    });
    return this.recorded;
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
