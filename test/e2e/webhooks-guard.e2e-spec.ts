// The target guard as an operator runs it by default: https only, no internal addresses, on
// create and again on each delivery.
process.env.WEBHOOKS_DELIVER = 'true';
process.env.WEBHOOKS_ALLOW_HTTP = 'false';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'false';
process.env.WEBHOOKS_POLL_MS = '20';
process.env.WEBHOOKS_RETRY_SCHEDULE = 'none';

import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { toSqlTimestamp } from '../../src/database/sql-values';
import { givenDoc, givenUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

describe(`webhook targets (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 60_000);
  afterAll(() => test.close());

  it.each([
    ['http://93.184.216.34/hook', 'url must be an https:// URL'],
    ['https://127.0.0.1/hook', 'url must not point to 127.0.0.1: a loopback address'],
    ['https://localhost:8443/hook', 'url must not point to localhost (a loopback name)'],
    ['https://10.1.2.3/hook', 'url must not point to 10.1.2.3: a private address'],
    ['https://192.168.0.10/hook', 'url must not point to 192.168.0.10: a private address'],
    [
      'https://169.254.169.254/latest/meta-data',
      'url must not point to 169.254.169.254: a link-local address',
    ],
    ['https://224.0.0.251/', 'url must not point to 224.0.0.251: a multicast address'],
    ['https://0.0.0.0/', 'url must not point to 0.0.0.0: an unspecified address'],
    ['https://[::1]/', 'url must not point to ::1: a loopback address'],
    ['https://[fd00::1]/', 'url must not point to fd00::1: a unique local address'],
    ['https://[fe80::1]/', 'url must not point to fe80::1: a link-local address'],
    [
      'https://[::ffff:127.0.0.1]/',
      'url must not point to ::ffff:7f00:1 (127.0.0.1): a loopback address',
    ],
  ])('POST refuses %s with 400', async (url, error) => {
    const user = await givenUser(test);
    const response = await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url, events: ['*'] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('PATCH checks a new url the same way', async () => {
    const user = await givenUser(test);
    const created = await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url: 'https://93.184.216.34/hook', events: ['*'] })
      .expect(201);
    const { id } = created.body as { id: string };
    const response = await request(test.http)
      .patch(`/api/v1/webhooks/${id}`)
      .set(user.auth)
      .send({ url: 'https://[::ffff:169.254.169.254]/' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'url must not point to ::ffff:a9fe:a9fe (169.254.169.254): a link-local address',
    });
    const unchanged = await request(test.http).get(`/api/v1/webhooks/${id}`).set(user.auth);
    expect((unchanged.body as { url: string }).url).toBe('https://93.184.216.34/hook');
  });

  it('a delivery to a target that has become internal is refused before connecting', async () => {
    const user = await givenUser(test);
    const receiver = await new WebhookReceiver().start();
    try {
      // As if the target had been allowed when the webhook was made (or DNS changed since).
      const uuid = randomUUID();
      await test.dataSource.query(
        `INSERT INTO webhooks (uuid, user_id, url, events, description, secret, active, failure_count, created_at)
VALUES (?, ?, ?, ?, NULL, ?, 1, 0, ?)`,
        [
          uuid,
          user.id,
          receiver.url.replace('http:', 'https:'),
          1,
          `whsec_${'A'.repeat(43)}=`,
          toSqlTimestamp(new Date()),
        ],
      );
      await givenDoc(test, user);
      let log: { status_code: number | null; error: string | null }[] = [];
      while (log.length === 0) {
        const response = await request(test.http)
          .get(`/api/v1/webhooks/${uuid}/deliveries`)
          .set(user.auth)
          .expect(200);
        log = (response.body as { deliveries: typeof log }).deliveries;
      }
      expect(log.map(({ status_code, error }) => ({ status_code, error }))).toEqual([
        {
          status_code: null,
          error: 'refused: url must not point to 127.0.0.1: a loopback address',
        },
      ]);
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.stop();
    }
  });
});
