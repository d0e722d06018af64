import { TestApp } from './test-app';

/** An ISO 8601 UTC timestamp with milliseconds, as every `*_at` field is written. */
export const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A UUID in lower-case canonical form, as the service issues them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TableCounts {
  docs: number;
  user_docs: number;
  folders: number;
}

/** Row counts read straight from the tables, whoever they belong to. */
export async function tableCounts(test: TestApp): Promise<TableCounts> {
  const count = async (table: string) => {
    const rows: { n: number | string }[] = await test.dataSource.query(
      `SELECT COUNT(*) AS n FROM ${table}`,
    );
    return Number(rows[0].n);
  };
  return {
    docs: await count('docs'),
    user_docs: await count('user_docs'),
    folders: await count('folders'),
  };
}

/** Resolves once `condition` holds, checking it again every 20 ms; jest's timeout bounds the wait. */
export async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The `pagination` of a first page that holds every one of `total` items (20 per page or more). */
export function onlyPage(total: number) {
  return {
    current_page: 1,
    next_page: null,
    prev_page: null,
    total_pages: total === 0 ? 0 : 1,
    total_count: total,
  };
}
