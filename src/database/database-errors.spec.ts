import { QueryFailedError } from 'typeorm';
import { ServiceUnavailable } from '../common/errors/domain-errors';
import { isDatabaseUnavailable, isRetryableConflict, WriteConflict } from './database-errors';

/** A mysql2 error as the driver raises it, wrapped by TypeORM as a failed query. */
function failed(fields: Record<string, unknown>): QueryFailedError {
  const driverError = Object.assign(new Error('failed'), fields);
  return new QueryFailedError('COMMIT', [], driverError);
}

// Shapes seen from mysql2 3.24 against MariaDB 10.11 + Galera 4 (shared galera notes).
const certificationFailure = {
  code: 'ER_LOCK_DEADLOCK',
  errno: 1213,
  sqlState: '40001',
  message: 'Deadlock found when trying to get lock; try restarting transaction',
};
const nodeNotReady = {
  code: 'ER_UNKNOWN_COM_ERROR',
  errno: 1047,
  sqlState: '08S01',
  message: 'WSREP has not yet prepared node for application use',
};

describe('isRetryableConflict', () => {
  it('recognises a deadlock or a Galera certification failure, wrapped or not', () => {
    expect(isRetryableConflict(failed(certificationFailure))).toBe(true);
    expect(isRetryableConflict(certificationFailure)).toBe(true);
    expect(isRetryableConflict(failed({ errno: 1213 }))).toBe(true);
    expect(isRetryableConflict(failed({ sqlState: '40001' }))).toBe(true);
  });

  it('refuses everything else', () => {
    expect(isRetryableConflict(failed({ code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(false);
    expect(isRetryableConflict(failed(nodeNotReady))).toBe(false);
    expect(isRetryableConflict(new Error('Deadlock found'))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
    expect(isRetryableConflict('ER_LOCK_DEADLOCK')).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a killed node: the connection is lost', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }],
    [
      'a killed node: the next command on that connection',
      { message: "Can't add new command when connection is in closed state" },
    ],
    ['a node that is down: connection refused', { code: 'ECONNREFUSED', errno: -111 }],
    ['a Galera node not synced or outside the Primary component (1047)', nodeNotReady],
    [
      'the same, worded for a lost Primary component',
      { errno: 1047, message: 'Not connected to Primary Component' },
    ],
    ['a connection killed on the server', { code: 'ER_CONNECTION_KILLED', errno: 1927 }],
    ['a statement timeout', { code: 'PROTOCOL_SEQUENCE_TIMEOUT', fatal: true }],
  ])('is true for %s', (_case, fields) => {
    expect(isDatabaseUnavailable(failed(fields))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error(), fields))).toBe(true);
  });

  it('is false for errors of the request or the code', () => {
    expect(isDatabaseUnavailable(failed({ code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(false);
    expect(isDatabaseUnavailable(failed({ code: 'ER_PARSE_ERROR', errno: 1064 }))).toBe(false);
    expect(isDatabaseUnavailable(failed(certificationFailure))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('WriteConflict', () => {
  it('is a 503 to retry after a second, keeping its cause', () => {
    const cause = failed(certificationFailure);
    const error = new WriteConflict(cause);
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect(error.retryAfterSeconds).toBe(1);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('the write conflicted with concurrent writes; retry');
  });
});
