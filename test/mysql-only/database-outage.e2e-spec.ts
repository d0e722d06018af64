import { createConnection, RowDataPacket } from 'mysql2/promise';
import request from 'supertest';
import { givenUser, TestUser } from '../support/builders';
import { TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';

const UNAVAILABLE = { error: 'database is unavailable' };
/** Generous against the 1 s timeouts configured below: "seconds, not minutes", on a busy machine. */
const FAIL_FAST_MS = 5000;

describe('a MySQL outage, through a proxy the test cuts and restores', () => {
  const realUrl = process.env.DATABASE_URL!;
  const proxy = new TcpProxy(new URL(realUrl).hostname, Number(new URL(realUrl).port || 3306));
  const acknowledged: string[] = [];
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = new URL(realUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    Object.assign(process.env, {
      DATABASE_URL: viaProxy.toString(),
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_QUERY_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '3000',
    });
    test = await startTestApp();
    // The app has read its configuration; the test's own clean-up talks to the server directly.
    process.env.DATABASE_URL = realUrl;
    user = await givenUser(test);
  });

  afterAll(async () => {
    await test?.close();
    await proxy.stop();
  });

  const create = (title: string) =>
    request(test.http).post('/api/v1/docs').set(user.auth).send({ title, path: '~/outage' });

  /** Sends a request and returns its response with how long it took. */
  async function timed(send: () => request.Test) {
    const started = performance.now();
    const response = await send();
    return { response, ms: performance.now() - started };
  }

  it('serves normally while the database answers', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await create(`before ${i}`).expect(201);
      acknowledged.push((response.body as { uuid: string }).uuid);
    }
    await request(test.http).get('/health').expect(200, { status: 'ok', database: 'up' });
  });

  it('answers 503 within seconds on every route while the database is unreachable', async () => {
    proxy.cut();
    const uuid = acknowledged[0];
    const cases: [string, () => request.Test][] = [
      ['list', () => request(test.http).get('/api/v1/docs').set(user.auth)],
      ['create', () => create('during')],
      ['get', () => request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth)],
      [
        'update',
        () => request(test.http).put(`/api/v1/docs/${uuid}`).set(user.auth).send({ title: 'x' }),
      ],
      ['delete', () => request(test.http).delete(`/api/v1/docs/${uuid}`).set(user.auth)],
      ['folders', () => request(test.http).get('/api/v1/folders').set(user.auth)],
      ['health', () => request(test.http).get('/health')],
      ['ready', () => request(test.http).get('/health/ready')],
    ];
    const timings: Record<string, number> = {};
    for (const [name, send] of cases) {
      const { response, ms } = await timed(send);
      expect({ name, status: response.status, body: response.body as unknown }).toEqual({
        name,
        status: 503,
        body: UNAVAILABLE,
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(FAIL_FAST_MS);
      timings[name] = Math.round(ms);
    }
    // The process itself is fine: a liveness probe must not get it restarted.
    await request(test.http).get('/health/live').expect(200, { status: 'ok' });
    // Many at once must not queue behind each other for long either.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed(() => request(test.http).get('/api/v1/docs').set(user.auth)),
      ),
    );
    expect(burst.map(({ response }) => response.status)).toEqual(Array(30).fill(503));
    const slowest = Math.max(...burst.map(({ ms }) => ms));
    expect(slowest).toBeLessThan(FAIL_FAST_MS);
    console.info(
      `outage: time to 503 per route (ms) ${JSON.stringify(timings)}; 30 at once: slowest ${Math.round(slowest)} ms`,
    );
  });

  it('recovers without a restart once the database is back, with no acknowledged write lost', async () => {
    proxy.restore();
    const restored = performance.now();
    let status = 0;
    while (status !== 200) {
      expect(performance.now() - restored).toBeLessThan(15_000);
      status = (await request(test.http).get('/api/v1/docs').set(user.auth)).status;
    }
    const recoveryMs = Math.round(performance.now() - restored);
    await request(test.http).get('/health').expect(200, { status: 'ok', database: 'up' });
    await request(test.http).get('/health/ready').expect(200, { status: 'ok', database: 'up' });
    const after = await create('after').expect(201);
    acknowledged.push((after.body as { uuid: string }).uuid);
    console.info(`outage: first 200 ${recoveryMs} ms after the database came back`);

    const connection = await createConnection({ uri: realUrl });
    try {
      const [rows] = await connection.query<RowDataPacket[]>(
        'SELECT uuid FROM docs WHERE uuid IN (?)',
        [acknowledged],
      );
      expect(rows.map((row) => row.uuid as string).sort()).toEqual([...acknowledged].sort());
    } finally {
      await connection.end();
    }
  });
});
