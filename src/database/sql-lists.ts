import type { SqlDialect } from './raw-sql';

/**
 * Lists in SQL without a text per length: a list of values is either one JSON parameter, read
 * as rows (`jsonListRows`), or padded to a power of two (`paddedList`) so that a statement has a
 * few texts, each in the catalogue (`statement-catalogue.ts`).
 */

/** `?, ?, ?` for `count` values. */
export const placeholders = (count: number) => Array<string>(count).fill('?').join(', ');

/** The length a list of `count` values is padded to: the next power of two (at least 1). */
export function paddedLength(count: number): number {
  let length = 1;
  while (length < count) length *= 2;
  return length;
}

/**
 * The values padded to `paddedLength` by repeating the last: for `IN (...)`, where a repeated
 * value changes nothing. At least one value.
 */
export function paddedList<T>(values: readonly T[]): T[] {
  if (values.length === 0) throw new Error('a padded list needs at least one value');
  const padding = paddedLength(values.length) - values.length;
  return [...values, ...Array<T>(padding).fill(values[values.length - 1])];
}

/** Every padded length up to `max` (a power of two): the variants a catalogue lists. */
export function paddedLengths(max: number): number[] {
  const lengths: number[] = [];
  for (let length = 1; length <= max; length *= 2) lengths.push(length);
  return lengths;
}

/**
 * The values in chunks whose lengths are powers of two, largest first, none longer than `max`
 * (a power of two): for statements that must see each value once (an INSERT of rows).
 */
export function powerOfTwoChunks<T>(values: readonly T[], max: number): T[][] {
  const chunks: T[][] = [];
  let start = 0;
  while (start < values.length) {
    let length = max;
    while (length > values.length - start) length /= 2;
    chunks.push(values.slice(start, start + length));
    start += length;
  }
  return chunks;
}

/**
 * A derived table of the integers of a JSON array (one parameter: `JSON.stringify(ids)`), as
 * rows of one column, `value`: `IN (SELECT value FROM ...)`, or a join.
 */
export function jsonIntegerRows(dialect: SqlDialect): string {
  return dialect === 'mysql'
    ? "JSON_TABLE(?, '$[*]' COLUMNS (value BIGINT PATH '$'))"
    : 'json_each(?)';
}
