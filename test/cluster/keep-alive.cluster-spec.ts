// The service behind a load balancer that keeps its upstream connections idle longer than
// Node's default keep-alive timeout (5 s): HAProxy in HTTP mode, reusing idle connections for up
// to 90 s. After the connections have been idle 6 s, writes sent through them must all be
// answered, on the connections kept: the service must not have closed them (with a 5 s
// keep-alive, a request the balancer sends as the server closes one fails).
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { AddressInfo, createServer as createNetServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { UsersService } from '../../src/users/users.service';

const IDLE_MS = 6000;
const CONNECTIONS = 4;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const socket = new Socket();
    const open = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    socket.destroy();
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

describe('keep-alive behind a load balancer (HAProxy)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'dms-keep-alive-'));
  let app: INestApplication;
  let haproxy: ChildProcess;
  let balancerPort: number;
  let token: string;
  /** The service's open connections, and how many requests each has carried. */
  const requestsBySocket = new Map<Socket, number>();

  beforeAll(async () => {
    Object.assign(process.env, {
      SQLITE_PATH: join(scratch, 'docs.sqlite'),
      SEED_DEMO_USER: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_TOKEN: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
      PURGE_INTERVAL_MS: '0',
      WEBHOOKS_DELIVER: 'false',
    });
    delete process.env.DATABASE_URL;
    delete process.env.KEEP_ALIVE_TIMEOUT_MS;
    app = await createApp('error');
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as import('node:http').Server;
    server.on('connection', (socket: Socket) => {
      requestsBySocket.set(socket, 0);
      socket.on('close', () => requestsBySocket.delete(socket));
    });
    server.on('request', ({ socket }: { socket: Socket }) =>
      requestsBySocket.set(socket, (requestsBySocket.get(socket) ?? 0) + 1),
    );
    const servicePort = (server.address() as AddressInfo).port;

    const email = 'balanced@example.com';
    await app.get(UsersService).create({ email, fname: 'Bal', lname: 'Anced' });
    token = (await app.get(ApiTokensService).issue({ email })).token;

    balancerPort = await freePort();
    const config = join(scratch, 'haproxy.cfg');
    writeFileSync(
      config,
      `defaults
  mode http
  timeout connect 2s
  timeout client 90s
  timeout server 90s
  http-reuse always
frontend api
  bind 127.0.0.1:${balancerPort}
  default_backend service
backend service
  server s1 127.0.0.1:${servicePort} pool-purge-delay 90s
`,
    );
    haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
    await waitForPort(balancerPort);
  });

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await app?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  function send(agent: Agent, method: 'GET' | 'POST', path: string, body?: string) {
    return new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          agent,
          host: '127.0.0.1',
          port: balancerPort,
          method,
          path,
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  it('keeps idle connections open past 5 s; writes sent on them all succeed', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    try {
      const warm = await Promise.all(
        Array.from({ length: 2 * CONNECTIONS }, () => send(agent, 'GET', '/api/v1/docs')),
      );
      expect(warm).toEqual(Array(2 * CONNECTIONS).fill(200));
      const idle = new Map(requestsBySocket);
      expect(idle.size).toBeGreaterThan(0);
      // The connections stay idle, at the client, at the balancer and at the service, as long
      // as a balancer keeps them between bursts of requests.
      await sleep(IDLE_MS);
      const closedWhileIdle = () => [...idle.keys()].filter((socket) => socket.destroyed).length;
      expect(closedWhileIdle()).toBe(0);
      const writes = await Promise.all(
        Array.from({ length: 2 * CONNECTIONS }, (_, index) =>
          send(agent, 'POST', '/api/v1/docs', JSON.stringify({ title: `After idle ${index}` })),
        ),
      );
      expect(writes).toEqual(Array(2 * CONNECTIONS).fill(201));
      // The balancer sent them on the connections it had kept (it may open another for a
      // burst), and the service closed none.
      const carriedByIdle = [...idle].reduce(
        (sum, [socket, before]) => sum + (requestsBySocket.get(socket) ?? before) - before,
        0,
      );
      expect(carriedByIdle).toBeGreaterThan(0);
      expect(closedWhileIdle()).toBe(0);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
