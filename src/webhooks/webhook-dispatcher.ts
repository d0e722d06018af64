import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock';
import { AttemptResult, ClaimedDelivery, OutboxRepository } from './outbox.repository';
import { deliveryBody, deliveryHeaders } from './webhook-payload';
import { WebhookMetrics } from './webhook-metrics';
import { ATTEMPT_TIMEOUT_MS, WebhookSender } from './webhook-sender';
import { webhooksConfig, type WebhooksConfig } from './webhooks.config';

/** Deliveries one process sends at once, in all and to one webhook. */
export const MAX_IN_FLIGHT = 64;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 16;
/**
 * Deliveries held (claimed: being sent, or waiting their turn), in all and of one webhook:
 * twice what is sent at once, so the next claim is made while a full round is still being
 * sent and the receiver never waits for the database.
 */
const HELD_IN_ALL = 2 * MAX_IN_FLIGHT;
const HELD_PER_WEBHOOK = 2 * MAX_IN_FLIGHT_PER_WEBHOOK;
/** The loop claims again as soon as this many places are free (else at its next poll). */
const CLAIM_BATCH = MAX_IN_FLIGHT_PER_WEBHOOK;
/** For this long after a claim found something, the loop polls every `STREAM_POLL_MS`. */
const STREAM_WINDOW_MS = 1_000;
const STREAM_POLL_MS = 20;
/** Outcomes are recorded together: when this many have ended, or this long after the first. */
const RECORD_BATCH = 64;
const RECORD_AFTER_MS = 10;
/** A claim outlives a wait behind one round of attempts and its own attempt. */
export const CLAIM_MS = 2 * ATTEMPT_TIMEOUT_MS + 10_000;
/** A waiting delivery whose claim has less left than this is given back, not sent. */
const CLAIM_LEFT_TO_SEND_MS = ATTEMPT_TIMEOUT_MS + 5_000;
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
 * hold up the others), 10 s per attempt. It claims ahead: up to twice those numbers are held,
 * the rest waiting for a place, so sending does not stop while the next claim is made.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookDispatcher');
  /** This dispatcher, as the holder of its claims. */
  private readonly holder = randomUUID();
  /** Per webhook: the deliveries held (sent or waiting), those being sent, those waiting. */
  private readonly held = new Map<number, number>();
  private readonly sendingTo = new Map<number, number>();
  private readonly waiting = new Map<number, { delivery: ClaimedDelivery; until: Date }[]>();
  private heldCount = 0;
  private sendingCount = 0;
  private readonly sending = new Set<Promise<void>>();
  /** Attempts that have ended, waiting to be recorded, and the recording under way. */
  private ended: AttemptResult[] = [];
  private recording = 0;
  private recordTimer?: NodeJS.Timeout;
  private recorded: Promise<void> = Promise.resolve();
  private stopped = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** Whether the loop waits for room to claim more (rather than for its next poll). */
  private roomWanted = false;
  private lastWarning = 0;
  /** When a claim last found something due (ms since the epoch). */
  private lastFoundAt = 0;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly metrics: WebhookMetrics,
  ) {}

  /** Deliveries this dispatcher holds (sent or waiting), their recording included. */
  get deliveriesUnderWay(): number {
    return this.heldCount + this.ended.length + this.recording;
  }

  onApplicationBootstrap(): void {
    if (this.config.deliver) this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.giveBack([...this.waiting.values()].flat().map(({ delivery }) => delivery));
    // Attempts under way end within their timeout; then what they came to is recorded.
    await Promise.allSettled([...this.sending]);
    await this.record();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const room = HELD_IN_ALL - this.heldCount;
      let claimed = 0;
      if (room > 0) {
        try {
          claimed = await this.claim(room);
        } catch (error) {
          this.warn(error);
        }
      }
      if (this.stopped) break;
      const now = Date.now();
      if (claimed > 0) this.lastFoundAt = now;
      // Something was claimed, or there was no room: more may be due than there was room for,
      // so claim again as soon as there is room for a batch (or at the next poll). Nothing
      // due: the poll, a short one while events have been coming (a stream of them is sent
      // within milliseconds, not at the next poll).
      const streaming = now - this.lastFoundAt < STREAM_WINDOW_MS;
      const pollMs = streaming ? Math.min(STREAM_POLL_MS, this.config.pollMs) : this.config.pollMs;
      await this.pause(pollMs, claimed > 0 || room <= 0);
    }
  }

  /** Waits `ms`, or (`untilRoom`) until there is room for a batch; a stop ends it at once. */
  private pause(ms: number, untilRoom: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        // The timer and a wake-up may both come: the first ends this pause, not a later one.
        if (this.wake !== done) return;
        this.wake = undefined;
        this.roomWanted = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.roomWanted = untilRoom;
      this.wake = done;
    });
  }

  private async claim(room: number): Promise<number> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + CLAIM_MS);
    const claimed = await this.outbox.claim(
      this.holder,
      now,
      until,
      room,
      HELD_PER_WEBHOOK,
      this.held,
    );
    if (this.stopped) {
      await this.giveBack(claimed);
      return 0;
    }
    for (const delivery of claimed) {
      const webhookId = Number(delivery.webhook_id);
      this.held.set(webhookId, (this.held.get(webhookId) ?? 0) + 1);
      this.heldCount += 1;
      const queue = this.waiting.get(webhookId) ?? [];
      queue.push({ delivery, until });
      this.waiting.set(webhookId, queue);
    }
    this.sendWaiting();
    return claimed.length;
  }

  /** Sends what waits, as far as the bounds allow. */
  private sendWaiting(): void {
    const expiring: ClaimedDelivery[] = [];
    const now = this.clock.now().getTime();
    for (const [webhookId, queue] of this.waiting) {
      while (
        queue.length > 0 &&
        this.sendingCount < MAX_IN_FLIGHT &&
        (this.sendingTo.get(webhookId) ?? 0) < MAX_IN_FLIGHT_PER_WEBHOOK
      ) {
        const { delivery, until } = queue.shift()!;
        // Sent now, it might outlive its claim: another dispatcher could send it meanwhile.
        if (until.getTime() - now < CLAIM_LEFT_TO_SEND_MS) {
          expiring.push(delivery);
          this.letGo(webhookId);
          continue;
        }
        this.send(webhookId, delivery);
      }
      if (queue.length === 0) this.waiting.delete(webhookId);
    }
    if (expiring.length > 0) void this.giveBack(expiring);
  }

  private send(webhookId: number, delivery: ClaimedDelivery): void {
    this.sendingTo.set(webhookId, (this.sendingTo.get(webhookId) ?? 0) + 1);
    this.sendingCount += 1;
    const sending = this.deliver(delivery).finally(() => {
      const left = (this.sendingTo.get(webhookId) ?? 1) - 1;
      if (left === 0) this.sendingTo.delete(webhookId);
      else this.sendingTo.set(webhookId, left);
      this.sendingCount -= 1;
      this.sending.delete(sending);
      this.letGo(webhookId);
      if (!this.stopped) this.sendWaiting();
    });
    this.sending.add(sending);
  }

  /** A held delivery is no longer held; with room for a batch, the loop claims again. */
  private letGo(webhookId: number): void {
    const left = (this.held.get(webhookId) ?? 1) - 1;
    if (left === 0) this.held.delete(webhookId);
    else this.held.set(webhookId, left);
    this.heldCount -= 1;
    // Room for a batch of this webhook's, or for one in all, has just been made: claim now.
    const roomForBatch =
      left === HELD_PER_WEBHOOK - CLAIM_BATCH || HELD_IN_ALL - this.heldCount === CLAIM_BATCH;
    if (this.roomWanted && roomForBatch) this.wake?.();
  }

  /** Gives claimed deliveries back untried (stopping, or their claim is running out). */
  private async giveBack(deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    try {
      await this.outbox.release(
        deliveries.map((delivery) => delivery.id),
        this.holder,
      );
    } catch (error) {
      // Their claims expire by themselves.
      this.warn(error);
    }
  }

  /** One attempt; what it came to is recorded with others that end about then. */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = deliveryBody(delivery);
    const at = this.clock.now();
    const result = await this.sender.send(delivery.url, deliveryHeaders(delivery, body, at), body);
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retryAt = ok ? null : this.retryAt(Number(delivery.attempts));
    this.ended.push({ delivery, outcome: { ...result, at }, ok, retryAt });
    this.metrics.attemptEnded(ok ? 'delivered' : retryAt ? 'retrying' : 'given_up');
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
    const delay = retryDelay(this.config.retryScheduleMs, attemptsBefore, Math.random());
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
