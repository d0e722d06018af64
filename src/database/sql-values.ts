/**
 * Raw query results carry timestamps as Date (mysql2) or as 'YYYY-MM-DD HH:MM:SS.SSS' text
 * in UTC (SQLite); these turn either into a Date or an ISO 8601 UTC string with milliseconds.
 */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}

export function toDateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : toDate(value);
}

export function toIsoTimestamp(value: Date | string): string {
  return toDate(value).toISOString();
}

/**
 * A Date as both databases store `datetime(3)` values written by TypeORM: UTC text with
 * milliseconds ('YYYY-MM-DD HH:MM:SS.SSS'). better-sqlite3 cannot bind Date objects.
 */
export function toSqlTimestamp(date: Date): string {
  return date.toISOString().slice(0, 23).replace('T', ' ');
}
