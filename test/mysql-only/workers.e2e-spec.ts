import { createConnection, RowDataPacket } from 'mysql2/promise';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mysqlMigrations } from '../../migrations/mysql';
import {
  buildIfNeeded,
  freePort,
  runCli,
  RunningService,
  startBuiltService,
} from '../support/built-service';
import { requestCount, scrape, valueOf } from '../support/prometheus';
import { dropTestDatabase } from '../support/test-app';

interface LogLine {
  pid: number;
  workerPid?: number;
  msg: string;
  route?: string;
}

function logLines(service: RunningService): LogLine[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The pid of worker <n>, from the primary's `Worker <n> ready`. */
function workerPid(service: RunningService, n: number): number {
  const line = logLines(service).find((l) => l.msg === `Worker ${n} ready`);
  if (!line?.workerPid) throw new Error(`worker ${n} never got ready:\n${service.output()}`);
  return line.workerPid;
}

type Outcome = { status: number; uuid?: string; title: string } | { error: string; title: string };

/**
 * One request on a fresh connection, as a client of a load balancer would send it. A body goes
 * out in two halves: `sendRest` (default: at once) decides when the second follows.
 */
function send(
  service: RunningService,
  method: string,
  path: string,
  token: string | null,
  title = '',
  sendRest: Promise<void> = Promise.resolve(),
): Promise<Outcome> {
  const body = method === 'POST' ? JSON.stringify({ title, path: '~/workers' }) : '';
  return new Promise((resolve) => {
    const req = httpRequest(
      `${service.baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token && { Authorization: `Bearer ${token}` }),
          ...(body && { 'Content-Type': 'application/json' }),
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            title,
            status: res.statusCode!,
            uuid: res.statusCode === 201 ? (JSON.parse(text) as { uuid: string }).uuid : undefined,
          }),
        );
      },
    );
    req.setTimeout(20_000, () => req.destroy(Object.assign(new Error(), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ title, error: error.code ?? error.message }),
    );
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void sendRest.then(() => req.end(body.slice(half)));
  });
}

async function query<T extends RowDataPacket>(sql: string): Promise<T[]> {
  const connection = await createConnection({ uri: process.env.DATABASE_URL! });
  try {
    const [rows] = await connection.query<T[]>(sql);
    return rows;
  } finally {
    await connection.end();
  }
}

describe('two workers behind one port (WEB_CONCURRENCY=2)', () => {
  let service: RunningService;
  let token: string;
  let metricsUrl: string;

  beforeAll(async () => {
    buildIfNeeded();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // A fresh database: the first worker creates it and runs the migrations.
    service = await startBuiltService(
      {
        WEB_CONCURRENCY: '2',
        METRICS_PORT: String(metricsPort),
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
      { startTimeoutMs: 60_000 },
    );
    const email = `workers-${randomUUID()}@example.com`;
    expect(
      (await runCli(['users', 'create', '--email', email, '--fname', 'W', '--lname', 'K'])).code,
    ).toBe(0);
    token = (await runCli(['tokens', 'create', '--email', email])).stdout
      .trim()
      .split('\n')
      .at(-1)!;
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await dropTestDatabase();
  });

  it('starts the first worker alone, so the migrations run once; both then serve', async () => {
    const lines = logLines(service);
    const [first, second] = [workerPid(service, 1), workerPid(service, 2)];
    const firstReady = lines.findIndex((l) => l.msg === 'Worker 1 ready');
    expect(lines.findIndex((l) => l.pid === second)).toBeGreaterThan(firstReady);
    const serving = lines.findIndex((l) => l.msg.startsWith('Serving http://'));
    expect(lines[serving].msg).toContain('with 2 workers');
    // Each worker's ready line comes before "Serving ...", which scripts wait for.
    expect(lines.findIndex((l) => l.msg === 'Worker 2 ready')).toBeLessThan(serving);
    expect(firstReady).toBeLessThan(serving);

    // Sorted here: the server's collation orders names without regard to case.
    const applied = await query<RowDataPacket>('SELECT name FROM migrations');
    expect(applied.map((row) => row.name as string).sort()).toEqual(
      mysqlMigrations.map((migration) => migration.name).sort(),
    );

    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => send(service, 'GET', '/api/v1/docs', token)),
    );
    expect(statuses.every((o) => 'status' in o && o.status === 200)).toBe(true);
    await service.waitForOutput(
      () => logLines(service).filter((l) => l.route === '/api/v1/docs').length === 20,
    );
    const servedBy = new Set(
      logLines(service)
        .filter((l) => l.route === '/api/v1/docs')
        .map((l) => l.pid),
    );
    expect(servedBy).toEqual(new Set([first, second]));
  });

  it('one scrape of the primary shows both workers, their counts added up', async () => {
    // The previous test's 20 requests, served by both workers.
    const scraped = await scrape(metricsUrl);
    expect({
      listed: requestCount(scraped, 'GET', '/api/v1/docs', '200'),
      scraped: valueOf(scraped, 'dms_workers_scraped'),
      serving: valueOf(scraped, 'dms_workers_serving'),
    }).toEqual({ listed: 20, scraped: 2, serving: 2 });
    // Both read the same outbox: its queue is shown once, not once per worker.
    const hook = await fetch(`${service.baseUrl}/api/v1/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['document.created'] }),
    });
    expect(hook.status).toBe(201);
    for (const title of ['queued 1', 'queued 2']) {
      expect(await send(service, 'POST', '/api/v1/docs', token, title)).toMatchObject({
        status: 201,
      });
    }
    expect(valueOf(await scrape(metricsUrl), 'dms_webhook_deliveries_waiting')).toBe(2);
  });

  it('replaces a worker that dies, and keeps serving meanwhile', async () => {
    const victim = workerPid(service, 2);
    process.kill(victim, 'SIGKILL');
    // Not before the primary knows: a connection it hands to a worker at the instant that
    // worker dies is held open unanswered (node:cluster's round robin waits for a reply).
    await service.waitForOutput((output) =>
      output.includes(`worker 2 (pid ${victim}) died (signal SIGKILL); starting a replacement`),
    );
    expect(await send(service, 'GET', '/health', null)).toMatchObject({ status: 200 });
    await service.waitForOutput((output) => output.includes('Worker 3 ready'), 30_000);
    const replacement = workerPid(service, 3);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => send(service, 'GET', '/health', null)),
    );
    expect(outcomes.every((o) => 'status' in o && o.status === 200)).toBe(true);
    await service.waitForOutput(() =>
      logLines(service).some((l) => l.pid === replacement && l.route === '/health'),
    );
  }, 40_000);

  it('on SIGTERM under create load every worker drains: each 201 is stored, no 5xx, exit 0', async () => {
    // One request is sure to be in flight at SIGTERM: half its body arrives before, half after
    // both workers have started draining.
    let bothDraining!: () => void;
    const afterSigterm = new Promise<void>((resolve) => (bothDraining = resolve));
    const slow = send(service, 'POST', '/api/v1/docs', token, 'slow upload', afterSigterm);
    const outcomes: Outcome[] = [];
    let stopping: Promise<number | null> | undefined;
    let refused = false;
    const client = async (id: number) => {
      for (let i = 0; !refused; i += 1) {
        const outcome = await send(service, 'POST', '/api/v1/docs', token, `c${id}-${i}`);
        outcomes.push(outcome);
        if ('error' in outcome) refused = true;
        if (!stopping && outcomes.filter((o) => 'status' in o && o.status === 201).length >= 40) {
          stopping = service.stop();
          void service
            .waitForOutput(
              (output) => output.split('request(s) in flight').length - 1 === 2,
              30_000,
            )
            .then(bothDraining);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => client(id)));
    outcomes.push(await slow);
    const exitCode = await stopping;
    await service.waitForOutput((output) => output.includes('every worker has stopped'));

    const lines = logLines(service).map((l) => l.msg);
    const inFlight = lines.flatMap((msg) => /^stopping: (\d+) request/.exec(msg)?.[1] ?? []);
    expect(exitCode).toBe(0);
    expect(inFlight).toHaveLength(2);
    expect(inFlight.map(Number).reduce((a, b) => a + b)).toBeGreaterThan(0);
    expect(outcomes.at(-1)).toMatchObject({ title: 'slow upload', status: 201 });
    expect(lines.filter((msg) => msg === 'HTTP server closed')).toHaveLength(2);
    expect(outcomes.filter((o) => 'status' in o && o.status !== 201)).toEqual([]);
    // As with one process: a connection still queued when the listener closes is refused or
    // reset before any of its request was read.
    const failures = outcomes.filter((o): o is { error: string; title: string } => 'error' in o);
    expect(failures.every((f) => ['ECONNREFUSED', 'ECONNRESET'].includes(f.error))).toBe(true);
    const stored = await query<RowDataPacket>('SELECT uuid, title FROM docs');
    const storedUuids = new Set(stored.map((row) => row.uuid as string));
    const storedTitles = new Set(stored.map((row) => row.title as string));
    const acknowledged = outcomes.flatMap((o) => ('uuid' in o && o.uuid ? [o.uuid] : []));
    expect(acknowledged.filter((uuid) => !storedUuids.has(uuid))).toEqual([]);
    expect(failures.filter((f) => storedTitles.has(f.title))).toEqual([]);
  }, 60_000);
});
