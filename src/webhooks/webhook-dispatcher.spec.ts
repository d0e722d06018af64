import type { Clock } from '../common/clock';
import type { AttemptResult, ClaimedDelivery, OutboxRepository } from './outbox.repository';
import {
  CLAIM_MS,
  MAX_IN_FLIGHT_PER_WEBHOOK,
  retryDelay,
  WebhookDispatcher,
} from './webhook-dispatcher';
import type { WebhookMetrics } from './webhook-metrics';
import type { SendResult, WebhookSender } from './webhook-sender';
import type { WebhooksConfig } from './webhooks.config';

describe('retryDelay', () => {
  const schedule = [5_000, 300_000, 1_800_000];

  it('takes the entry of the attempt, moved by up to 20 % either way', () => {
    expect(retryDelay(schedule, 0, 0)).toBe(4_000);
    expect(retryDelay(schedule, 0, 0.5)).toBe(5_000);
    expect(retryDelay(schedule, 0, 0.999999)).toBe(6_000);
    expect(retryDelay(schedule, 1, 0.25)).toBe(270_000);
    expect(retryDelay(schedule, 2, 0.75)).toBe(1_980_000);
  });

  it('stays within the bounds for any draw', () => {
    for (let i = 0; i < 1000; i++) {
      const delay = retryDelay(schedule, 1, Math.random())!;
      expect(delay).toBeGreaterThanOrEqual(240_000);
      expect(delay).toBeLessThanOrEqual(360_000);
    }
  });

  it('gives up once the schedule is used up (or empty)', () => {
    expect(retryDelay(schedule, 3, 0.5)).toBeNull();
    expect(retryDelay([], 0, 0.5)).toBeNull();
  });
});

/**
 * The dispatcher's own bookkeeping, against an outbox of one webhook's due deliveries held in
 * memory and a receiver that answers when told to. The database side is tested end to end in
 * test/e2e/webhooks.e2e-spec.ts.
 */
describe('WebhookDispatcher', () => {
  const HELD = 2 * MAX_IN_FLIGHT_PER_WEBHOOK;

  class MemoryOutbox {
    due: number[] = [];
    claimed = new Set<number>();
    released: number[] = [];
    recorded: AttemptResult[] = [];
    claims = 0;

    claim(
      _holder: string,
      _now: Date,
      _until: Date,
      limit: number,
      perWebhook: number,
      held: ReadonlyMap<number, number>,
    ): Promise<ClaimedDelivery[]> {
      this.claims += 1;
      const room = Math.min(limit, perWebhook - (held.get(1) ?? 0));
      const ids = this.due.splice(0, Math.max(0, room));
      ids.forEach((id) => this.claimed.add(id));
      return Promise.resolve(ids.map(delivery));
    }

    release(ids: number[]): Promise<void> {
      for (const id of ids) {
        this.claimed.delete(id);
        this.released.push(id);
        this.due.push(id);
      }
      return Promise.resolve();
    }

    record(_holder: string, results: AttemptResult[]): Promise<void> {
      for (const result of results) this.claimed.delete(result.delivery.id);
      this.recorded.push(...results);
      return Promise.resolve();
    }
  }

  class HeldReceiver {
    readonly pending: { id: number; answer: (result: SendResult) => void }[] = [];
    readonly answered: number[] = [];

    send(_url: string, headers: Record<string, string>): Promise<SendResult> {
      const id = Number(headers['webhook-id'].replace('evt_', ''));
      return new Promise((answer) => this.pending.push({ id, answer }));
    }

    answerOne(): void {
      const { id, answer } = this.pending.shift()!;
      this.answered.push(id);
      answer({ statusCode: 204, error: null, durationMs: 1 });
    }
  }

  function delivery(id: number): ClaimedDelivery {
    return {
      id,
      webhook_id: 1,
      attempts: 0,
      url: 'https://receiver.example/hook',
      secret: 'whsec_c2VjcmV0',
      event_uuid: `evt_${id}`,
      type: 'document.created',
      doc_uuid: '00000000-0000-4000-8000-000000000000',
      title: 'T',
      version: 1,
      doc_updated_at: new Date(0),
      actor_id: 1,
      actor_email: 'a@example.com',
      member_user_id: null,
      member_role: null,
      group_id: null,
      group_name: null,
      group_role: null,
      folder_share_id: null,
      folder_owner_id: null,
      folder_path: null,
      created_at: new Date(0),
    };
  }

  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  let outbox: MemoryOutbox;
  let receiver: HeldReceiver;
  let clockMs: number;
  let dispatcher: WebhookDispatcher;

  beforeEach(() => {
    outbox = new MemoryOutbox();
    receiver = new HeldReceiver();
    clockMs = Date.parse('2026-01-01T00:00:00Z');
    const clock = { now: () => new Date(clockMs) } as Clock;
    const config = { deliver: true, pollMs: 2, retryScheduleMs: [] } as unknown as WebhooksConfig;
    dispatcher = new WebhookDispatcher(
      outbox as unknown as OutboxRepository,
      receiver as unknown as WebhookSender,
      clock,
      config,
      { attemptEnded: () => undefined } as unknown as WebhookMetrics,
    );
  });

  afterEach(async () => {
    const stopping = dispatcher.onModuleDestroy();
    while (receiver.pending.length > 0) receiver.answerOne();
    await stopping;
  });

  it('sends 16 at once to a webhook and holds 16 more, claimed ahead; each goes once', async () => {
    outbox.due = Array.from({ length: 100 }, (_, i) => i + 1);
    dispatcher.onApplicationBootstrap();
    await until(() => receiver.pending.length === MAX_IN_FLIGHT_PER_WEBHOOK);
    // Several polls later, still no more claimed than that.
    const claims = outbox.claims;
    await until(() => outbox.claims >= claims + 3);
    expect(receiver.pending).toHaveLength(MAX_IN_FLIGHT_PER_WEBHOOK);
    expect(outbox.claimed.size).toBe(HELD);
    expect(dispatcher.deliveriesUnderWay).toBe(HELD);

    // As answers come, the waiting ones go out, and the claim is topped up.
    while (outbox.recorded.length < 100) {
      if (receiver.pending.length > 0) receiver.answerOne();
      else await new Promise((resolve) => setTimeout(resolve, 1));
      expect(receiver.pending.length).toBeLessThanOrEqual(MAX_IN_FLIGHT_PER_WEBHOOK);
      // Claimed, and neither sent nor waiting: answered, its outcome not yet recorded.
      const answeredClaimed = receiver.answered.filter((id) => outbox.claimed.has(id)).length;
      expect(outbox.claimed.size - answeredClaimed).toBeLessThanOrEqual(HELD);
    }
    const sent = outbox.recorded.map((result) => result.delivery.id);
    expect(new Set(sent).size).toBe(100);
    expect(outbox.released).toEqual([]);
  });

  it('gives back, unsent, a waiting delivery whose claim would run out during its attempt', async () => {
    outbox.due = Array.from({ length: HELD }, (_, i) => i + 1);
    dispatcher.onApplicationBootstrap();
    await until(() => receiver.pending.length === MAX_IN_FLIGHT_PER_WEBHOOK);
    await until(() => outbox.claimed.size === HELD);
    // The receiver hangs until the waiting ones' claims have less than an attempt's time left.
    clockMs += CLAIM_MS - 14_000;
    receiver.answerOne();
    await until(() => outbox.released.length === MAX_IN_FLIGHT_PER_WEBHOOK);
    expect(outbox.released).toEqual(
      Array.from({ length: MAX_IN_FLIGHT_PER_WEBHOOK }, (_, i) => i + 17),
    );
    // Given back, they are claimed again (with a new claim) and sent.
    while (outbox.recorded.length < HELD) {
      if (receiver.pending.length > 0) receiver.answerOne();
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(new Set(outbox.recorded.map((result) => result.delivery.id)).size).toBe(HELD);
  });
});
