import { ArgumentsHost, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { WriteConflict } from '../../database/database-errors';
import { ServiceUnavailable } from '../errors/domain-errors';
import { AllExceptionsFilter } from './all-exceptions.filter';

/** Runs the filter on `exception` and returns the response it wrote. */
function respond(exception: unknown) {
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  const request = { method: 'POST', originalUrl: '/api/v1/docs' };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return { ...sent, headers };
}

const driverFailure = (fields: Record<string, unknown>) =>
  new QueryFailedError('COMMIT', [], Object.assign(new Error('failed'), fields));

describe('AllExceptionsFilter: database failures are 503 with Retry-After, never 500', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('a write given up after conflicts: retry in 1 s', () => {
    expect(respond(new WriteConflict(new Error('Deadlock found')))).toEqual({
      status: 503,
      body: { error: 'the write conflicted with concurrent writes; retry' },
      headers: { 'Retry-After': '1' },
    });
  });

  it('a conflict that reached the filter without the runner (a certification failure)', () => {
    expect(respond(driverFailure({ code: 'ER_LOCK_DEADLOCK', errno: 1213 }))).toEqual({
      status: 503,
      body: { error: 'the write conflicted with concurrent writes; retry' },
      headers: { 'Retry-After': '1' },
    });
  });

  it.each([
    ['a lost connection', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a node that is not ready', { errno: 1047, message: 'WSREP has not yet prepared node' }],
  ])('%s: the database is unavailable, retry in 5 s', (_case, fields) => {
    expect(respond(driverFailure(fields))).toEqual({
      status: 503,
      body: { error: 'database is unavailable' },
      headers: { 'Retry-After': '5' },
    });
  });

  it('any other ServiceUnavailable keeps its message and delay', () => {
    expect(respond(new ServiceUnavailable('database is unavailable'))).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '5' },
    });
  });
});
