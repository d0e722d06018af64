import Database from 'better-sqlite3';
import { createConnection, RowDataPacket } from 'mysql2/promise';
import { randomUUID } from 'node:crypto';
import { Agent, ClientRequest, IncomingMessage, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { buildIfNeeded, runCli, RunningService, startBuiltService } from '../support/built-service';
import { databaseKind, dropTestDatabase } from '../support/test-app';

/** A response, or a failure before any of the response arrived (`error`), or during it. */
type Outcome =
  | { title: string; status: number; uuid?: string }
  | { title: string; error: string; duringResponse: boolean };

/**
 * Starts a POST of `body` to the documents endpoint on `agent` (`false`: a fresh connection).
 * `onResponse` gets the whole response (and the new document's uuid after a 201);
 * `onResponseError` an error while the response was arriving.
 */
function postDoc(
  service: RunningService,
  token: string,
  body: string,
  agent: Agent | false,
  onResponse: (res: IncomingMessage, uuid?: string) => void,
  onResponseError: (error: NodeJS.ErrnoException) => void,
): ClientRequest {
  const headers = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  };
  return httpRequest(
    `${service.baseUrl}/api/v1/docs`,
    { method: 'POST', agent, headers },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        onResponse(
          res,
          res.statusCode === 201 ? (JSON.parse(text) as { uuid: string }).uuid : undefined,
        ),
      );
      res.on('error', onResponseError);
    },
  );
}

/**
 * One POST on a fresh connection (no keep-alive), as a client of a load balancer would. The body
 * goes out in two halves: `sendRest` (default: at once) decides when the second half follows.
 */
function create(
  service: RunningService,
  token: string,
  title: string,
  sendRest: Promise<void> = Promise.resolve(),
): Promise<Outcome> {
  const body = JSON.stringify({ title, html: `<p>${'x'.repeat(50_000)}</p>`, path: '~/load' });
  return new Promise((resolve) => {
    const failed = (duringResponse: boolean) => (error: NodeJS.ErrnoException) =>
      resolve({ title, error: error.code ?? error.message, duringResponse });
    const req = postDoc(
      service,
      token,
      body,
      false,
      (res, uuid) => resolve({ title, status: res.statusCode!, uuid }),
      failed(true),
    );
    req.on('error', failed(false));
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void sendRest.then(() => req.end(body.slice(half)));
  });
}

/**
 * What a keep-alive client saw for one request: a whole response, or an error. `sent` tells
 * whether the request went out on a connected socket (a reused one, or a new one that
 * connected), that is whether the server could have received it.
 */
type KeptAliveOutcome =
  | { title: string; status: number; uuid?: string; connection?: string }
  | { title: string; error: string; sent: boolean; reusedSocket: boolean };

/** One POST through `agent` (keep-alive), as an API client with a connection pool sends it. */
function createKeptAlive(
  service: RunningService,
  token: string,
  agent: Agent,
  title: string,
): Promise<KeptAliveOutcome> {
  const body = JSON.stringify({ title, path: '~/kept-alive' });
  return new Promise((resolve) => {
    let connected = false;
    const req = postDoc(
      service,
      token,
      body,
      agent,
      (res, uuid) =>
        resolve({ title, status: res.statusCode!, uuid, connection: res.headers.connection }),
      (error) =>
        resolve({ title, error: error.code ?? error.message, sent: true, reusedSocket: true }),
    );
    req.on('socket', (socket) => {
      if (req.reusedSocket) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        title,
        error: error.code ?? error.message,
        sent: connected,
        reusedSocket: req.reusedSocket,
      }),
    );
    req.end(body);
  });
}

/** Every stored document's `uuid` and `title`, read straight from the database. */
async function storedDocs(): Promise<{ uuid: string; title: string }[]> {
  if (databaseKind === 'sqlite') {
    const db = new Database(process.env.SQLITE_PATH, { readonly: true });
    try {
      return db.prepare('SELECT uuid, title FROM docs').all() as { uuid: string; title: string }[];
    } finally {
      db.close();
    }
  }
  const connection = await createConnection({ uri: process.env.DATABASE_URL! });
  try {
    const [rows] = await connection.query<RowDataPacket[]>('SELECT uuid, title FROM docs');
    return rows.map((row) => ({ uuid: row.uuid as string, title: row.title as string }));
  } finally {
    await connection.end();
  }
}

describe(`graceful shutdown of the built service (${databaseKind})`, () => {
  let token: string;

  beforeAll(async () => {
    buildIfNeeded();
    const email = `stop-${randomUUID()}@example.com`;
    expect(
      (await runCli(['users', 'create', '--email', email, '--fname', 'S', '--lname', 'T'])).code,
    ).toBe(0);
    token = (await runCli(['tokens', 'create', '--email', email])).stdout
      .trim()
      .split('\n')
      .at(-1)!;
  }, 60_000);
  afterAll(() => dropTestDatabase());

  it('on SIGTERM under create load: every 201 is stored, no 5xx, no reset mid-response, exit 0', async () => {
    const service = await startBuiltService({ SHUTDOWN_GRACE_MS: '10000' });
    // One request is sure to be in flight at SIGTERM: half its body arrives before, half after.
    let sigtermSent!: () => void;
    const afterSigterm = new Promise<void>((resolve) => (sigtermSent = resolve));
    const slow = create(service, token, 'slow upload', afterSigterm);
    expect(await create(service, token, 'first')).toMatchObject({ status: 201 });

    const outcomes: Outcome[] = [];
    let stopping: Promise<number | null> | undefined;
    let refused = false;
    const worker = async (id: number) => {
      for (let i = 0; !refused; i += 1) {
        const outcome = await create(service, token, `w${id}-${i}`);
        outcomes.push(outcome);
        if ('error' in outcome) refused = true;
        // Stop the server once the load is steady: 40 documents acknowledged.
        if (!stopping && outcomes.filter((o) => 'status' in o && o.status === 201).length >= 40) {
          stopping = service.stop();
          void service
            .waitForOutput((output) => output.includes('request(s) in flight'))
            .then(sigtermSent);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
    outcomes.push(await slow);
    const exitCode = await stopping;
    await service.waitForOutput((output) => output.includes('HTTP server closed'));

    const acknowledged = outcomes.flatMap((o) => ('uuid' in o && o.uuid ? [o.uuid] : []));
    const failures = outcomes.filter((o) => 'error' in o);
    const inFlight = /stopping: (\d+) request\(s\) in flight/.exec(service.output())?.[1];
    console.info(
      `shutdown under load: ${acknowledged.length} created (201), ${inFlight} in flight at SIGTERM, ` +
        `${failures.length} not accepted after it (${failures.map((f) => f.error).join(', ')}), exit ${exitCode}`,
    );

    expect(exitCode).toBe(0);
    expect(Number(inFlight)).toBeGreaterThan(0);
    expect(outcomes.at(-1)).toMatchObject({ title: 'slow upload', status: 201 });
    expect(outcomes.filter((o) => 'status' in o && o.status !== 201)).toEqual([]);
    // A connection still queued in the kernel when the listener closes is refused or reset
    // before any of its request is read: nothing happened, and the client may retry.
    expect(failures.filter((f) => f.duringResponse)).toEqual([]);
    expect(failures.every((f) => ['ECONNREFUSED', 'ECONNRESET'].includes(f.error))).toBe(true);
    const stored = await storedDocs();
    const storedUuids = new Set(stored.map((doc) => doc.uuid));
    const storedTitles = new Set(stored.map((doc) => doc.title));
    expect(acknowledged.filter((uuid) => !storedUuids.has(uuid))).toEqual([]);
    expect(failures.filter((f) => storedTitles.has(f.title))).toEqual([]);
  }, 60_000);

  it('on SIGTERM under keep-alive load: every request on an open connection is answered, none reset', async () => {
    const service = await startBuiltService({ SHUTDOWN_GRACE_MS: '10000' });
    const clients = 16;
    const byClient: KeptAliveOutcome[][] = Array.from({ length: clients }, () => []);
    let stopping: Promise<number | null> | undefined;
    let acknowledged = 0;
    // Each client has one keep-alive connection and sends its next create as soon as the
    // previous answer arrives, until a request fails; the signal comes mid-load.
    const client = async (id: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; ; i += 1) {
          const outcome = await createKeptAlive(service, token, agent, `k${id}-${i}`);
          byClient[id].push(outcome);
          if ('error' in outcome) return;
          if ('uuid' in outcome && outcome.uuid) acknowledged += 1;
          if (!stopping && acknowledged >= 200) stopping = service.stop();
        }
      } finally {
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
    const exitCode = await stopping;

    const outcomes = byClient.flat();
    const answered = outcomes.filter((o) => 'status' in o);
    const failures = outcomes.filter((o) => 'error' in o);
    // A client's last answer before its failed reconnect: did it say `Connection: close`?
    const closedByServer = byClient.filter((list) => {
      const last = list.at(-2);
      return last !== undefined && 'status' in last && last.connection === 'close';
    });
    console.info(
      `shutdown under keep-alive load (${clients} clients): ${answered.length} answered, ` +
        `${closedByServer.length} connections ended with Connection: close, ` +
        `${failures.filter((f) => f.sent).length} sent requests without an answer, ` +
        `${failures.filter((f) => !f.sent).length} new connections refused ` +
        `(${[...new Set(failures.map((f) => f.error))].join(', ')}), exit ${exitCode}`,
    );

    expect(exitCode).toBe(0);
    // No request that reached the server went unanswered: no reset, no hang-up.
    expect(failures.filter((f) => f.sent)).toEqual([]);
    // Only new connections after the listener closed were refused (nothing was sent on them).
    expect(failures.map((f) => f.error)).toEqual(Array(clients).fill('ECONNREFUSED'));
    expect(answered.filter((o) => o.status !== 201)).toEqual([]);
    // Every connection ended with an answer telling the client to close it.
    expect(closedByServer).toHaveLength(clients);
    const stored = new Set((await storedDocs()).map((doc) => doc.uuid));
    const acknowledgedUuids = answered.flatMap((o) => ('uuid' in o && o.uuid ? [o.uuid] : []));
    expect(acknowledgedUuids.length).toBeGreaterThanOrEqual(200);
    expect(acknowledgedUuids.filter((uuid) => !stored.has(uuid))).toEqual([]);
  }, 60_000);

  it('answers a request on a connection idle at SIGTERM, and closes connections idle for SHUTDOWN_DRAIN_MS', async () => {
    const service = await startBuiltService({
      SHUTDOWN_GRACE_MS: '10000',
      SHUTDOWN_DRAIN_MS: '1500',
    });
    const reused = new Agent({ keepAlive: true, maxSockets: 1 });
    const silent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await createKeptAlive(service, token, reused, 'before')).toMatchObject({
        status: 201,
        connection: 'keep-alive',
      });
      // The server counts silence from when it finished the answer, a moment after the request
      // was sent and (by the time it reaches the client under load) up to a few hundred
      // milliseconds before the client reads it: the window is measured from the sending.
      const silentSentAt = performance.now();
      const silentAnswer = await createKeptAlive(service, token, silent, 'silent');
      expect(silentAnswer).toMatchObject({ status: 201, connection: 'keep-alive' });
      const silentSocket = Object.values(silent.freeSockets).flat()[0]!;
      const silentClosed = new Promise<number>((resolve) =>
        silentSocket.once('close', () => resolve(performance.now())),
      );

      const stopping = service.stop();
      await service.waitForOutput((output) => output.includes('request(s) in flight'));
      expect(service.output()).toContain('2 idle connection(s) closed once silent for 1500 ms');
      // The connection was idle when the signal came: the request sent on it now is served.
      const after = await createKeptAlive(service, token, reused, 'after');
      expect(after).toMatchObject({ status: 201, connection: 'close' });

      // The other one stays silent: closed by the server once the window has passed.
      // (Node's timers may fire up to a millisecond early.)
      expect((await silentClosed) - silentSentAt).toBeGreaterThanOrEqual(1499);
      expect(await stopping).toBe(0);
      const titles = new Set((await storedDocs()).map((doc) => doc.title));
      expect(['before', 'silent', 'after'].filter((title) => !titles.has(title))).toEqual([]);
    } finally {
      reused.destroy();
      silent.destroy();
    }
  }, 30_000);

  it('does not wait for a stalled client longer than SHUTDOWN_GRACE_MS', async () => {
    const service = await startBuiltService({ SHUTDOWN_GRACE_MS: '1000' });
    const { port } = new URL(service.baseUrl);
    const stalled = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.on('error', () => undefined);
    // Headers and half a body, then nothing: the request stays in flight.
    stalled.write(
      `POST /api/v1/docs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
    );
    await service.waitForOutput((output) => output.includes('"msg":"Serving'));
    const started = performance.now();
    const exitCode = await service.stop();
    const ms = performance.now() - started;
    await closed;
    expect(exitCode).toBe(0);
    expect(service.output()).toContain('grace period over: closing 1 unfinished request(s)');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(8000);
  }, 30_000);
});
