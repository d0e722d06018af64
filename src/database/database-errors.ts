import { ServiceUnavailable } from '../common/errors/domain-errors';

/** Driver error codes that mean "the database cannot be reached or stopped answering". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_SERVER_SHUTDOWN_COMPLETE',
  'ER_QUERY_INTERRUPTED',
  'ER_CONNECTION_KILLED',
  'SQLITE_BUSY',
]);

/**
 * Server error numbers with the same meaning. 1047 (ER_UNKNOWN_COM_ERROR) is how a Galera node
 * that is not synced, or not in the Primary component, refuses every statement but `SELECT 1`.
 */
const UNAVAILABLE_ERRNOS = new Set([1047, 1927]);

const UNAVAILABLE_MESSAGES =
  /connection is in closed state|Pool is closed|connect ETIMEDOUT|WSREP has not yet prepared node|Not connected to Primary Component/i;

interface DriverError {
  code?: unknown;
  errno?: unknown;
  sqlState?: unknown;
  fatal?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/** The driver's error itself: TypeORM wraps it in `QueryFailedError.driverError`. */
function driverErrors(error: unknown): DriverError[] {
  if (typeof error !== 'object' || error === null) return [];
  const candidate = error as DriverError;
  return candidate.driverError === undefined
    ? [candidate]
    : [candidate, ...driverErrors(candidate.driverError)];
}

/**
 * Whether a failure comes from the database being unreachable, not ready, overloaded or too
 * slow (a client may retry: HTTP 503), rather than from the request or the code (HTTP 500):
 * a dead node's connection errors, a refused connection, a Galera node outside the Primary
 * component, timeouts.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return driverErrors(error).some(
    (candidate) =>
      (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) ||
      (typeof candidate.errno === 'number' && UNAVAILABLE_ERRNOS.has(candidate.errno)) ||
      // mysql2 marks errors that broke the connection itself as fatal.
      candidate.fatal === true ||
      (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)),
  );
}

/**
 * Whether the server rolled the whole transaction (or single statement) back so that it can
 * be run again: an InnoDB deadlock victim, or on Galera a write set that lost certification
 * against a concurrent write on another node (reported as ER_LOCK_DEADLOCK, 1213 / 40001,
 * at COMMIT or on the next statement of a transaction a replicated write aborted).
 */
export function isRetryableConflict(error: unknown): boolean {
  return driverErrors(error).some(
    (candidate) =>
      candidate.code === 'ER_LOCK_DEADLOCK' ||
      candidate.errno === 1213 ||
      candidate.sqlState === '40001',
  );
}

/** A write that kept conflicting with concurrent writes and was given up on (HTTP 503). */
export class WriteConflict extends ServiceUnavailable {
  constructor(cause: unknown) {
    super('the write conflicted with concurrent writes; retry', 1);
    this.cause = cause;
  }
}

/** Whether a write broke a unique index (MySQL ER_DUP_ENTRY, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  return driverErrors(error).some(
    (candidate) =>
      candidate.code === 'ER_DUP_ENTRY' ||
      candidate.errno === 1062 ||
      candidate.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      candidate.code === 'SQLITE_CONSTRAINT_PRIMARYKEY',
  );
}
