// The outbox is written in the change's transaction: a server killed (SIGKILL, no shutdown)
// right after answering its writes still has every event, and the next server delivers them.
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';

import request from 'supertest';
import { buildIfNeeded, RunningService, startBuiltService } from '../support/built-service';
import { givenUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

describe(`webhook events across a server crash (${databaseKind})`, () => {
  let test: TestApp;
  let service: RunningService | undefined;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    buildIfNeeded();
    test = await startTestApp();
    receiver = await new WebhookReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await receiver.stop();
    await test.close();
  });

  it('every write answered before a SIGKILL is delivered after the restart', async () => {
    const user = await givenUser(test);
    await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url: receiver.url, events: ['document.created', 'document.updated'] })
      .expect(201);

    // This server writes but does not deliver, so every event is still in the outbox when it dies.
    service = await startBuiltService({ WEBHOOKS_DELIVER: 'false' });
    const written: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await request(service.baseUrl)
        .post('/api/v1/docs')
        .set(user.auth)
        .send({ title: `Before the crash ${i}`, path: i % 2 ? '~/crash' : undefined })
        .expect(201);
      const { uuid } = created.body as { uuid: string };
      written.push(`document.created ${uuid}`);
      await request(service.baseUrl)
        .put(`/api/v1/docs/${uuid}`)
        .set(user.auth)
        .send({ title: `Updated ${i}` })
        .expect(204);
      written.push(`document.updated ${uuid}`);
    }
    await service.kill();
    expect(receiver.requests).toEqual([]);

    service = await startBuiltService({ WEBHOOKS_DELIVER: 'true', WEBHOOKS_POLL_MS: '20' });
    const delivered = () =>
      new Set(receiver.events().map((event) => `${event.type} ${event.document?.uuid}`));
    await receiver.waitFor(() => delivered().size >= written.length);
    expect([...delivered()].sort()).toEqual([...written].sort());
  }, 60_000);
});
