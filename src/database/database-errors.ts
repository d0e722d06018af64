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
  'SQLITE_BUSY',
]);

interface DriverError {
  code?: unknown;
  fatal?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/**
 * Whether a failure comes from the database being unreachable, overloaded or too slow (a
 * client may retry: HTTP 503), rather than from the request or the code (HTTP 500).
 * TypeORM wraps driver errors in `QueryFailedError.driverError`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as DriverError;
  if (candidate.driverError !== undefined && isDatabaseUnavailable(candidate.driverError)) {
    return true;
  }
  if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
  // mysql2 marks errors that broke the connection itself as fatal.
  if (candidate.fatal === true) return true;
  return (
    typeof candidate.message === 'string' &&
    /connection is in closed state|Pool is closed|connect ETIMEDOUT/.test(candidate.message)
  );
}
