/**
 * FROZEN COPY: NEVER CHANGE THIS FILE.
 *
 * How the TermBuckets migrations (`migrations/mysql/1795890000000-TermBuckets.ts` and
 * `migrations/sqlite/1795890000000-TermBuckets.ts`) fill `search_term_buckets`, a row per term
 * and bucket of the posting index (1,024 consecutive document ids) where the term has postings,
 * from the postings a store has. The benchmark, which builds its posting index after loading
 * its documents, fills it the same way.
 */

/** Runs one statement (a TypeORM `QueryRunner.query`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

const NEW_TABLE = {
  mysql:
    'CREATE TABLE IF NOT EXISTS `search_term_buckets` (`term_id` int NOT NULL, `bucket` int NOT NULL, PRIMARY KEY (`term_id`, `bucket`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
  sqlite:
    'CREATE TABLE IF NOT EXISTS "search_term_buckets" ("term_id" integer NOT NULL, "bucket" integer NOT NULL, PRIMARY KEY ("term_id", "bucket")) WITHOUT ROWID',
};

const INSERT_IGNORE = { mysql: 'INSERT IGNORE', sqlite: 'INSERT OR IGNORE' };

/**
 * Creates the table (when missing) and adds the terms of each bucket of `search_postings`, a
 * bucket per statement (a Galera write set stays small). Rows already there are left: on MySQL
 * the service's migration runner resumes a run cut midway after the last statement recorded;
 * elsewhere a run starts again and adds what is missing. Returns how many rows the table has.
 */
export async function termBucketsFromPostings(
  query: RunQuery,
  dialect: 'mysql' | 'sqlite',
  log: (message: string) => void = () => undefined,
): Promise<number> {
  const count = async (sql: string) =>
    Number(((await query(sql, [])) as { n: number | string | null }[])[0].n ?? 0);
  await query(NEW_TABLE[dialect], []);
  const buckets = (await count('SELECT MAX(bucket) + 1 AS n FROM search_postings')) || 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    await query(
      `${INSERT_IGNORE[dialect]} INTO search_term_buckets (term_id, bucket)
SELECT DISTINCT term_id, bucket FROM search_postings WHERE bucket = ? ORDER BY term_id`,
      [bucket],
    );
    if (bucket % 25 === 24) log(`search terms by bucket: ${bucket + 1} of ${buckets} buckets`);
  }
  const rows = await count('SELECT COUNT(*) AS n FROM search_term_buckets');
  log(`search terms by bucket: ${rows} rows`);
  return rows;
}
