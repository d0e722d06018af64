import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  buildIfNeeded,
  freePort,
  newUserToken,
  RunningService,
  startBuiltService,
} from '../support/built-service';
import { UUID } from '../support/expectations';
import { requestCount, samples, Scrape, scrape, valueOf } from '../support/prometheus';
import { databaseKind, dropTestDatabase } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function call(
  service: RunningService,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: {
      ...(token && { Authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe(`probes (${databaseKind})`, () => {
  let service: RunningService;
  let token: string;

  beforeAll(async () => {
    buildIfNeeded();
    service = await startBuiltService({ SHUTDOWN_READY_DELAY_MS: '60000' });
    token = await newUserToken();
  }, 60_000);
  afterAll(async () => {
    await service?.kill();
    await dropTestDatabase();
  });

  it('GET /health/live: 200 without a token, and asks no database', async () => {
    expect(await call(service, 'GET', '/health/live')).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('GET /health/ready: 200 without a token while the database answers', async () => {
    expect(await call(service, 'GET', '/health/ready')).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up' },
    });
  });

  it('POST /health/ready: 405', async () => {
    expect(await call(service, 'POST', '/health/ready')).toEqual({
      status: 405,
      body: { error: 'POST is not allowed on /health/ready: use GET, HEAD' },
    });
  });

  it('from SIGTERM on, /health/ready answers 503 while every request is still served', async () => {
    const signalled = performance.now();
    const exited = service.stop('SIGTERM');
    await service.waitForOutput((output) =>
      output.includes('SIGTERM received: /health/ready answers 503; serving on for 60000 ms'),
    );
    expect(await call(service, 'GET', '/health/ready')).toEqual({
      status: 503,
      body: { error: 'shutting down' },
    });
    expect(await call(service, 'GET', '/health/live')).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await call(service, 'GET', '/health')).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up' },
    });
    const created = await call(service, 'POST', '/api/v1/docs', token, {
      title: 'after the signal',
      path: '~/probes',
    });
    expect(created).toEqual({ status: 201, body: { uuid: expect.stringMatching(UUID) } });
    // A second signal ends the wait: the drain begins at once.
    expect(await service.stop('SIGTERM')).toBe(0);
    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(60_000);
    expect(service.output()).toContain('stopping: 0 request(s) in flight');
  });

  it('Ctrl-C (SIGINT) stops without the ready delay', async () => {
    const another = await startBuiltService({ SHUTDOWN_READY_DELAY_MS: '60000' });
    expect(await another.stop('SIGINT')).toBe(0);
    expect(another.output()).toContain(
      'SIGINT received: finishing in-flight requests, then stopping',
    );
    expect(another.output()).not.toContain('serving on for');
  });
});

describe(`metrics (${databaseKind})`, () => {
  let service: RunningService;
  let metricsUrl: string;
  let token: string;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    buildIfNeeded();
    await receiver.start();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    service = await startBuiltService({
      METRICS_PORT: String(metricsPort),
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_DELIVER: 'true',
      WEBHOOKS_POLL_MS: '20',
    });
    token = await newUserToken();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await receiver.stop();
    await dropTestDatabase();
  });

  it('are announced at start, on their own port', () => {
    expect(service.output()).toContain(`"msg":"Metrics at ${metricsUrl}"`);
  });

  it('are not served on the public port', async () => {
    expect(await call(service, 'GET', '/metrics')).toEqual({
      status: 404,
      body: { error: 'no route GET /metrics' },
    });
  });

  it('count each request by method, route template and status; no label holds a uuid', async () => {
    const before = await scrape(metricsUrl);
    const created = await call(service, 'POST', '/api/v1/docs', token, {
      title: 'counted',
      path: '~/metrics',
    });
    expect(created.status).toBe(201);
    const { uuid } = created.body as { uuid: string };
    for (let i = 0; i < 2; i++) {
      expect((await call(service, 'GET', `/api/v1/docs/${uuid}`, token)).status).toBe(200);
    }
    expect((await call(service, 'GET', `/api/v1/docs/${randomUUID()}`, token)).status).toBe(404);
    expect((await call(service, 'GET', `/api/v1/docs/${uuid}`)).status).toBe(401);
    expect((await call(service, 'GET', `/nothing/${uuid}`)).status).toBe(404);

    const after = await scrape(metricsUrl);
    const added = (method: string, route: string, status: string) =>
      requestCount(after, method, route, status) - requestCount(before, method, route, status);
    expect({
      created: added('POST', '/api/v1/docs', '201'),
      read: added('GET', '/api/v1/docs/:uuid', '200'),
      missing: added('GET', '/api/v1/docs/:uuid', '404'),
      noToken: added('GET', '/api/v1/docs/:uuid', '401'),
      unrouted: added('GET', 'unmatched', '404'),
    }).toEqual({ created: 1, read: 2, missing: 1, noToken: 1, unrouted: 1 });
    expect(after.families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const labelValues = [...after.series.values()].flatMap((found) =>
      found.flatMap((sample) => Object.values(sample.labels ?? {})),
    );
    expect(labelValues.filter((value) => UUID_ANYWHERE.test(value))).toEqual([]);
    // Each series's +Inf bucket equals its count.
    for (const sample of samples(after, 'http_request_duration_seconds_count')) {
      const inf = samples(after, 'http_request_duration_seconds_bucket', {
        ...sample.labels,
        le: '+Inf',
      });
      expect(inf.map((bucket) => bucket.value)).toEqual([sample.value]);
    }
  });

  it("offer Node's process and event-loop metrics, the purges and the webhooks", async () => {
    const scraped = await scrape(metricsUrl);
    const types = Object.fromEntries(
      [
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'dms_purge_runs_total',
        'dms_trash_purged_documents_total',
        'dms_revisions_pruned_documents_total',
        'dms_webhook_attempts_total',
        'dms_webhook_deliveries_waiting',
        'dms_webhook_deliveries_due',
        'dms_webhook_oldest_due_seconds',
      ].map((name) => [name, scraped.families.get(name)?.type]),
    );
    expect(types).toEqual({
      nodejs_eventloop_lag_seconds: 'GAUGE',
      nodejs_eventloop_lag_p99_seconds: 'GAUGE',
      process_cpu_seconds_total: 'COUNTER',
      process_resident_memory_bytes: 'GAUGE',
      nodejs_heap_size_used_bytes: 'GAUGE',
      dms_purge_runs_total: 'COUNTER',
      dms_trash_purged_documents_total: 'COUNTER',
      dms_revisions_pruned_documents_total: 'COUNTER',
      dms_webhook_attempts_total: 'COUNTER',
      dms_webhook_deliveries_waiting: 'GAUGE',
      dms_webhook_deliveries_due: 'GAUGE',
      dms_webhook_oldest_due_seconds: 'GAUGE',
    });
    // Every metric says what it is.
    expect([...scraped.families.values()].filter((family) => family.help.trim() === '')).toEqual(
      [],
    );
  });

  if (databaseKind === 'mysql') {
    it('offer the MySQL pool: connections in use and idle, waiting requests, its size', async () => {
      // Between requests only the webhook dispatcher's poll (every 250 ms, a few ms long) takes
      // a connection: of a few scrapes, one finds every open connection idle.
      let scraped = await scrape(metricsUrl);
      for (let tries = 1; tries < 10; tries++) {
        if (valueOf(scraped, 'dms_db_pool_connections', { state: 'in_use' }) === 0) break;
        scraped = await scrape(metricsUrl);
      }
      expect(samples(scraped, 'dms_db_pool_connections').map((s) => s.labels)).toEqual([
        { state: 'in_use' },
        { state: 'idle' },
      ]);
      expect(valueOf(scraped, 'dms_db_pool_connections', { state: 'in_use' })).toBe(0);
      expect(valueOf(scraped, 'dms_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(valueOf(scraped, 'dms_db_pool_waiting_requests')).toBe(0);
      expect(valueOf(scraped, 'dms_db_pool_max_connections')).toBeGreaterThan(0);
    });
  } else {
    it('offer no pool metrics on SQLite (one connection, no pool)', async () => {
      const scraped = await scrape(metricsUrl);
      expect([...scraped.series.keys()].filter((name) => name.startsWith('dms_db_pool'))).toEqual(
        [],
      );
    });
  }

  it("count the webhook's attempts by outcome, and show the outbox's queue", async () => {
    const hook = await call(service, 'POST', '/api/v1/webhooks', token, {
      url: receiver.url,
      events: ['document.created'],
    });
    expect(hook.status).toBe(201);
    const before = await scrape(metricsUrl);
    const deliveredBefore = valueOf(before, 'dms_webhook_attempts_total', {
      outcome: 'delivered',
    });
    // The receiver holds the first three deliveries unanswered: the queue holds them.
    receiver.answer = () => 'hang';
    for (let i = 0; i < 3; i++) {
      const doc = await call(service, 'POST', '/api/v1/docs', token, {
        title: `event ${i}`,
        path: '~/metrics',
      });
      expect(doc.status).toBe(201);
    }
    await receiver.waitForCount(3);
    const queued = await scrape(metricsUrl);
    expect({
      waiting: valueOf(queued, 'dms_webhook_deliveries_waiting'),
      due: valueOf(queued, 'dms_webhook_deliveries_due'),
    }).toEqual({ waiting: 3, due: 3 });
    expect(valueOf(queued, 'dms_webhook_oldest_due_seconds')).toBeGreaterThan(0);
    receiver.release(200);
    // Once the outcomes are recorded, the queue is empty; the scrape is asked until then.
    const settled = (s: Scrape) =>
      valueOf(s, 'dms_webhook_attempts_total', { outcome: 'delivered' }) === deliveredBefore + 3 &&
      valueOf(s, 'dms_webhook_deliveries_waiting') === 0;
    const giveUpAt = performance.now() + 20_000;
    let drained = await scrape(metricsUrl);
    while (!settled(drained) && performance.now() < giveUpAt) drained = await scrape(metricsUrl);
    expect({
      delivered: valueOf(drained, 'dms_webhook_attempts_total', { outcome: 'delivered' }),
      waiting: valueOf(drained, 'dms_webhook_deliveries_waiting'),
      due: valueOf(drained, 'dms_webhook_deliveries_due'),
      lag: valueOf(drained, 'dms_webhook_oldest_due_seconds'),
      retrying: valueOf(drained, 'dms_webhook_attempts_total', { outcome: 'retrying' }),
      givenUp: valueOf(drained, 'dms_webhook_attempts_total', { outcome: 'given_up' }),
    }).toEqual({
      delivered: deliveredBefore + 3,
      waiting: 0,
      due: 0,
      lag: 0,
      retrying: 0,
      givenUp: 0,
    });
  });

  it('the listener answers nothing but GET /metrics', async () => {
    const base = metricsUrl.replace('/metrics', '');
    const other = await fetch(`${base}/api/v1/docs`);
    expect([other.status, await other.json()]).toEqual([
      404,
      { error: 'no route GET /api/v1/docs: metrics are at GET /metrics' },
    ]);
    const post = await fetch(metricsUrl, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD',
      { error: 'method POST not allowed on /metrics; use GET' },
    ]);
  });
});

describe(`a metrics port already taken (${databaseKind})`, () => {
  it('stops the start with the reason', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startBuiltService({ METRICS_PORT: String(port) })).rejects.toThrow(
        `listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      taken.close();
      await dropTestDatabase();
    }
  });
});
