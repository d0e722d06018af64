import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_SECURITY_HEADERS } from '../../src/common/http/security-headers';
import { databaseKind, dropTestDatabase } from '../support/test-app';
import {
  buildIfNeeded,
  newUserToken,
  runCli,
  RunningService,
  startBuiltService,
  startBuiltServiceExpectingFailure,
} from '../support/built-service';
import { UUID } from '../support/expectations';

interface LogLine {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

/** The service's stdout as parsed JSON lines; fails on any line that is not JSON. */
function logLines(service: RunningService): LogLine[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

describe(`operating the built service (${databaseKind})`, () => {
  beforeAll(() => buildIfNeeded(), 60_000);
  afterAll(() => dropTestDatabase());

  describe('configuration is checked before anything starts', () => {
    it.each([
      ['PORT', 'abc', 'PORT must be an integer between 0 and 65535 (got "abc")'],
      ['DATABASE_URL', 'mysql//nope', 'DATABASE_URL is not a valid URL'],
      [
        'RATE_LIMIT_PER_TOKEN',
        '-5',
        'RATE_LIMIT_PER_TOKEN must be an integer between 0 and 1000000000 (got "-5")',
      ],
      ['REDIS_URL', 'localhost:6379', 'REDIS_URL must start with redis:// or rediss://'],
      [
        'LOG_LEVEL',
        'chatty',
        'LOG_LEVEL must be one of error, warn, log, debug, verbose (got "chatty")',
      ],
      [
        'OIDC_ISSUER',
        'https://id.example.com',
        'sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL; OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL are not set',
      ],
    ])('%s=%s stops the process with one line naming it', async (name, value, message) => {
      const result = await startBuiltServiceExpectingFailure({ [name]: value });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(`Invalid configuration: ${message}\n`);
    });

    it('a SQLite driver that does not load on this Node stops the server and the CLI with one line', async () => {
      const broken = {
        DATABASE_URL: '',
        SQLITE_PATH: join(tmpdir(), `dms-test-broken-driver-${randomUUID()}.sqlite`),
        NODE_OPTIONS: `--require ${join(__dirname, '..', 'support', 'broken-sqlite-driver.js')}`,
      };
      const line =
        `The SQLite driver (better-sqlite3) does not load on Node ${process.version}: ` +
        "Module did not self-register: '.../better_sqlite3.node'. It was compiled for another " +
        'Node version or against other headers: run `npm rebuild better-sqlite3` with this Node ' +
        '(the README\'s "Built for Node.js 24 LTS" says which headers to compile against).';
      const server = await startBuiltServiceExpectingFailure(broken);
      expect(server).toMatchObject({ code: 1, stdout: '', stderr: `${line}\n` });
      const cli = await runCli(['users', 'list'], broken);
      expect(cli).toEqual({ code: 1, stdout: '', stderr: `error: ${line}\n` });
    });
  });

  describe('logs and request ids', () => {
    let service: RunningService;
    let token: string;

    beforeAll(async () => {
      token = await newUserToken();
      service = await startBuiltService({ LOG_LEVEL: 'log' });
    }, 60_000);
    afterAll(() => service.stop());

    it('writes only JSON lines, with one access line per request carrying its id', async () => {
      const marker = `secret-body-${randomUUID()}`;
      const sent = await fetch(`${service.baseUrl}/api/v1/docs`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-Request-Id': 'client-chosen.id:42',
        },
        body: JSON.stringify({ title: marker, html: `<p>${marker}</p>`, path: '~/ops' }),
      });
      expect(sent.status).toBe(201);
      expect(sent.headers.get('x-request-id')).toBe('client-chosen.id:42');
      const created = (await sent.json()) as { uuid: string };

      const bad = await fetch(`${service.baseUrl}/api/v1/docs/${created.uuid}`, {
        headers: { Authorization: `Bearer ${token}x`, 'X-Request-Id': 'not valid!' },
      });
      expect(bad.status).toBe(401);
      const generated = bad.headers.get('x-request-id')!;
      expect(generated).toMatch(UUID);

      await service.waitForOutput((output) => output.includes(generated));
      const lines = logLines(service);
      const created201 = lines.filter((line) => line.requestId === 'client-chosen.id:42');
      expect(created201).toEqual([
        {
          level: 'info',
          time: expect.stringMatching(/Z$/) as unknown,
          pid: expect.any(Number) as unknown,
          requestId: 'client-chosen.id:42',
          method: 'POST',
          route: '/api/v1/docs',
          path: '/api/v1/docs',
          status: 201,
          durationMs: expect.any(Number) as unknown,
          userId: expect.any(Number) as unknown,
          msg: 'request completed',
        },
      ]);
      const refused = lines.filter((line) => line.requestId === generated);
      expect(refused).toMatchObject([
        { method: 'GET', route: '/api/v1/docs/:uuid', status: 401, userId: null },
      ]);
      // Neither the token nor anything from the body reaches the log.
      expect(service.output()).not.toContain(token.slice(4));
      expect(service.output()).not.toContain(marker);
    });

    it('gives every response an id, unknown routes and malformed bodies included', async () => {
      const unknown = await fetch(`${service.baseUrl}/nowhere`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('x-request-id')).toMatch(UUID);
      const malformed = await fetch(`${service.baseUrl}/api/v1/docs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{"title":',
      });
      expect(malformed.status).toBe(400);
      const id = malformed.headers.get('x-request-id')!;
      await service.waitForOutput((output) => output.includes(id));
      expect(logLines(service).filter((line) => line.requestId === id)).toMatchObject([
        { status: 400, method: 'POST' },
      ]);
    });

    it('LOG_LEVEL=warn leaves out access lines of successful requests', async () => {
      const quiet = await startBuiltService({ LOG_LEVEL: 'warn' });
      try {
        await fetch(`${quiet.baseUrl}/health`);
        expect(quiet.output()).toBe('');
      } finally {
        await quiet.stop();
      }
    });
  });

  describe('security headers and CORS', () => {
    let service: RunningService;

    beforeAll(async () => {
      service = await startBuiltService({ CORS_ORIGINS: 'https://app.example.com' });
    }, 60_000);
    afterAll(() => service.stop());

    it('sends helmet headers, with a content policy Swagger UI works under', async () => {
      const page = await fetch(`${service.baseUrl}/api`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(page.headers.get('x-powered-by')).toBeNull();
      // Every script of the page is a file of this origin: no inline script to be blocked.
      const html = await page.text();
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/src="\.?\/?[^":]+"/);
    });

    it('sends API answers and every unrouted path the fixed JSON set, none of the headers meant for pages', async () => {
      const paths = ['/health', '/api/v1/docs', '/api/v1/docs?page=2', '/api/v1', '/api-json'];
      const unrouted = ['/nothing', '/API/V1/docs', '/Api/v1/docs', '/HEALTH', '/API', '/api-JSON'];
      for (const path of [...paths, ...unrouted]) {
        const answer = await fetch(`${service.baseUrl}${path}`);
        for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
          expect([path, name, answer.headers.get(name)]).toEqual([path, name, value]);
        }
        expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
        expect(answer.headers.get('origin-agent-cluster')).toBeNull();
      }
    });

    it('answers an allowed origin, not others', async () => {
      const preflight = (origin: string) =>
        fetch(`${service.baseUrl}/api/v1/docs`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'authorization,content-type',
          },
        });
      const allowed = await preflight('https://app.example.com');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const other = await preflight('https://evil.example.com');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('sends no CORS headers when CORS_ORIGINS is not set', async () => {
      const plain = await startBuiltService({});
      try {
        const response = await fetch(`${plain.baseUrl}/health`, {
          headers: { Origin: 'https://app.example.com' },
        });
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      } finally {
        await plain.stop();
      }
    });
  });
});
