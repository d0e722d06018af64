// What the built server answers before any route runs (requests Node's HTTP parser refuses),
// and what it says about its routes when it starts.
import { REQUEST_HEADERS_LIMIT_BYTES } from '../../src/common/http/client-errors';
import { connect } from 'node:net';
import { buildIfNeeded, RunningService, startBuiltService } from '../support/built-service';
import { databaseKind, dropTestDatabase } from '../support/test-app';
import { UUID } from '../support/expectations';

/** Sends `raw` on a new connection; resolves with the status line, headers and body received. */
function exchange(
  service: RunningService,
  raw: string,
): Promise<{ statusLine: string; headers: Record<string, string>; body: string }> {
  const { port } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ statusLine, headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(raw);
  });
}

describe(`the built server's edges (${databaseKind})`, () => {
  let service: RunningService;

  beforeAll(async () => {
    buildIfNeeded();
    service = await startBuiltService();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await dropTestDatabase();
  });

  describe('requests Node refuses before routing get the {"error"} JSON body', () => {
    it.each([
      ['a malformed request line', 400, 'NONSENSE\r\n\r\n', /^malformed HTTP request: /],
      [
        'a header with a forbidden character',
        400,
        'GET /health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n',
        /^malformed HTTP request: /,
      ],
      [
        `headers over the server's ${REQUEST_HEADERS_LIMIT_BYTES / 1024} KiB limit`,
        431,
        `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(REQUEST_HEADERS_LIMIT_BYTES)}\r\n\r\n`,
        new RegExp(
          `^request headers are larger than the ${REQUEST_HEADERS_LIMIT_BYTES / 1024} KiB limit$`,
        ),
      ],
      [
        'chunk extensions over 16 KiB',
        413,
        'POST /api/v1/docs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Transfer-Encoding: chunked\r\n\r\n2;ext=${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
        /^chunk extensions of the request body are too large$/,
      ],
    ])('%s: %i', async (_case, status, raw, message) => {
      const answer = await exchange(service, raw);
      expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(answer.body)),
        'x-request-id': expect.stringMatching(UUID) as unknown,
        connection: 'close',
      });
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(message) as unknown });
    });
  });

  it('logs each route at the path it is served at', () => {
    const messages = service
      .output()
      .split('\n')
      .filter((line) => line.includes('"context":"Route'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('HealthController:');
    expect(messages).toContain('Mapped {/health, GET} route');
    expect(messages).toContain('Mapped {/api/v1/docs, POST} route');
    expect(messages.filter((message) => message.includes('/api/v1/health'))).toEqual([]);
  });
});
