// Deliveries one instance claimed but never sent are given back when it stops
// (`OutboxRepository.release`), and another instance sends each of them, once. Two delivering
// instances of the service run in this process beside the one the test writes through.
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';
process.env.WEBHOOKS_POLL_MS = '20';

import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { MAX_IN_FLIGHT_PER_WEBHOOK } from '../../src/webhooks/webhook-dispatcher';
import { givenUser } from '../support/builders';
import { waitFor } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

describe(`webhook deliveries an instance held but never sent (${databaseKind})`, () => {
  let test: TestApp;
  let receiver: WebhookReceiver;
  const instances: INestApplication[] = [];

  beforeAll(async () => {
    test = await startTestApp();
    receiver = await new WebhookReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await receiver.stop();
    for (const instance of instances) await instance.close();
    await test.close();
  });

  /** Another instance of the service on the same database, delivering webhooks. */
  async function deliveringInstance(): Promise<INestApplication> {
    process.env.WEBHOOKS_DELIVER = 'true';
    try {
      const instance = await createApp('error');
      instances.push(instance);
      return instance;
    } finally {
      process.env.WEBHOOKS_DELIVER = 'false';
    }
  }

  async function outbox(): Promise<{ waiting: number; claimed: number }> {
    const [row] = await test.dataSource.query<{ waiting: number; claimed: number }[]>(
      `SELECT COUNT(*) AS waiting, COALESCE(SUM(CASE WHEN claimed_by IS NULL THEN 0 ELSE 1 END), 0) AS claimed
       FROM webhook_deliveries`,
    );
    return { waiting: Number(row.waiting), claimed: Number(row.claimed) };
  }

  it('stopped, it gives back what waits; another instance sends each once', async () => {
    const sentAtOnce = MAX_IN_FLIGHT_PER_WEBHOOK;
    const held = 2 * sentAtOnce;
    const events = held + 8;
    // The first instance's attempts hang (a slow receiver); every later request is answered.
    let answered = 0;
    receiver.answer = () => (++answered <= sentAtOnce ? 'hang' : 200);
    const user = await givenUser(test);
    const hook = await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url: receiver.url, events: ['document.created'] })
      .expect(201);
    const webhookId = (hook.body as { id: string }).id;

    const first = await deliveringInstance();
    const created: string[] = [];
    for (let i = 0; i < events; i++) {
      const response = await request(test.http)
        .post('/api/v1/docs')
        .set(user.auth)
        .send({ title: `Event ${i}` })
        .expect(201);
      created.push((response.body as { uuid: string }).uuid);
    }
    // The first instance sends as many as it may at once and holds as many again, waiting.
    await receiver.waitForCount(sentAtOnce);
    await waitFor(async () => (await outbox()).claimed === held);
    expect(await outbox()).toEqual({ waiting: events, claimed: held });

    // A second instance sends what nobody holds.
    await deliveringInstance();
    await receiver.waitForCount(sentAtOnce + events - held);
    await waitFor(async () => (await outbox()).waiting === held);
    expect(await outbox()).toEqual({ waiting: held, claimed: held });

    // The first stops: it gives back the deliveries waiting their turn at once, and waits for
    // its attempts under way; the second claims and sends the ones given back meanwhile.
    const stopping = first.close();
    instances.splice(instances.indexOf(first), 1);
    await receiver.waitForCount(events);
    await waitFor(async () => (await outbox()).waiting === sentAtOnce);
    expect(await outbox()).toEqual({ waiting: sentAtOnce, claimed: sentAtOnce });
    receiver.release(200);
    await stopping;

    expect(await outbox()).toEqual({ waiting: 0, claimed: 0 });
    expect(receiver.requests).toHaveLength(events);
    const ids = receiver.events().map((event) => event.id);
    expect(new Set(ids).size).toBe(events);
    expect(
      receiver
        .events()
        .map((event) => event.document?.uuid)
        .sort(),
    ).toEqual(created.sort());
    const log = await request(test.http)
      .get(`/api/v1/webhooks/${webhookId}/deliveries`)
      .query({ per_page: 100 })
      .set(user.auth)
      .expect(200);
    const attempts = (log.body as { deliveries: { event_id: string; status_code: number }[] })
      .deliveries;
    expect(attempts.map((attempt) => attempt.status_code)).toEqual(Array(events).fill(200));
    expect(attempts.map((attempt) => attempt.event_id).sort()).toEqual(ids.sort());
  }, 60_000);
});
