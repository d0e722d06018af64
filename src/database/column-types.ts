import { ColumnOptions } from 'typeorm';

/**
 * The one place where the two databases need different column types. Entity decorators are
 * evaluated when their modules load, so the choice is made from DATABASE_URL at that moment
 * (main.ts and cli.ts load `.env` first).
 */
const onMysql = (process.env.DATABASE_URL ?? '').startsWith('mysql:');

/** Unbounded text: LONGTEXT on MySQL (TEXT stops at 64 KiB there), TEXT on SQLite. */
export const largeTextColumn: ColumnOptions = { type: onMysql ? 'longtext' : 'text' };

/** A UTC timestamp with milliseconds. Values are always written by the application. */
export const timestampColumn = (name: string, nullable = false): ColumnOptions => ({
  name,
  type: 'datetime',
  precision: 3,
  nullable,
});

/**
 * A string ordered and compared by code point, the same on both databases: `utf8mb4_bin` on
 * MySQL (the tables' own collation ignores case and accents), SQLite's default `BINARY`.
 */
export const codePointOrderedColumn = (name: string, length: number): ColumnOptions => ({
  name,
  type: 'varchar',
  length,
  ...(onMysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
});
