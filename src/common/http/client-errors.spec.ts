import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import {
  answerClientErrorsWithJson,
  describeClientError,
  REQUEST_HEADERS_LIMIT_BYTES,
} from './client-errors';

const parseError = (code: string, reason?: string) =>
  Object.assign(new Error(`Parse Error: ${reason}`), { code, reason });

describe('describeClientError', () => {
  it.each([
    [
      'HPE_HEADER_OVERFLOW',
      431,
      `request headers are larger than the ${REQUEST_HEADERS_LIMIT_BYTES / 1024} KiB limit`,
    ],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'chunk extensions of the request body are too large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'the request did not arrive in time'],
    ['HPE_INVALID_METHOD', 400, 'malformed HTTP request: invalid method encountered'],
  ])('%s is %i', (code, status, message) => {
    expect(describeClientError(parseError(code, 'Invalid method encountered'))).toEqual({
      status,
      message,
    });
  });

  it('is a plain 400 when the parser gives no reason', () => {
    expect(describeClientError(Object.assign(new Error('?'), { code: 'HPE_X' }))).toEqual({
      status: 400,
      message: 'malformed HTTP request',
    });
  });
});

describe('answerClientErrorsWithJson', () => {
  let server: Server;
  let serverSide: Promise<Socket>;
  let client: Socket;

  beforeEach(async () => {
    server = createServer((_request, response) => response.end());
    answerClientErrorsWithJson(server);
    serverSide = new Promise((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  });
  afterEach(async () => {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Everything the server sends until it closes the connection. */
  const received = () =>
    new Promise<string>((resolve) => {
      let text = '';
      client.setEncoding('utf8');
      client.on('data', (chunk: string) => (text += chunk));
      client.on('close', () => resolve(text));
    });

  // Node reports a slow request only at its next connection check (every 30 s), so the
  // timeout is raised here as Node raises it.
  it('answers a request that did not arrive in time with 408 and the JSON error, then closes', async () => {
    const answer = received();
    server.emit('clientError', parseError('ERR_HTTP_REQUEST_TIMEOUT'), await serverSide);
    const [head, body] = (await answer).split('\r\n\r\n');
    expect(head.split('\r\n')).toEqual([
      'HTTP/1.1 408 Request Timeout',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      expect.stringMatching(/^X-Request-Id: [0-9a-f-]{36}$/) as unknown,
      'Connection: close',
    ]);
    expect(JSON.parse(body)).toEqual({ error: 'the request did not arrive in time' });
  });

  it('answers a malformed request line with 400 and the JSON error', async () => {
    const answer = received();
    client.write('NOT HTTP AT ALL\r\n\r\n');
    const [head, body] = (await answer).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(body)).toEqual({
      error: expect.stringMatching(/^malformed HTTP request: /) as unknown,
    });
  });
});
