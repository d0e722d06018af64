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
