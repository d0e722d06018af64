/**
 * FROZEN COPY: NEVER CHANGE THIS FILE.
 *
 * How the PostingsByBucket migrations (`migrations/mysql/1795870000000-PostingsByBucket.ts` and
 * `migrations/sqlite/1795870000000-PostingsByBucket.ts`) move the posting index from its key
 * by (document, term) to one by (bucket, term, document), a bucket being 1,024 consecutive
 * document ids, with an index by (document, term, weight) beside it, built once the rows are
 * in. The benchmark, which loads documents with the SearchPostings builder (keyed by
 * document), moves them the same way.
 */

/** Runs one statement (a TypeORM `QueryRunner.query`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** Document ids per bucket (the live `POSTINGS_BUCKET_DOCS` at the time). */
const BUCKET_DOCS = 1024;

const NEW_TABLE = {
  mysql:
    'CREATE TABLE `search_postings_by_bucket` (`bucket` int NOT NULL, `term_id` int NOT NULL, `doc_id` int NOT NULL, `weight` int NOT NULL, PRIMARY KEY (`bucket`, `term_id`, `doc_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
  sqlite:
    'CREATE TABLE "search_postings_by_bucket" ("bucket" integer NOT NULL, "term_id" integer NOT NULL, "doc_id" integer NOT NULL, "weight" integer NOT NULL, PRIMARY KEY ("bucket", "term_id", "doc_id")) WITHOUT ROWID',
};

/**
 * Moves `search_postings` to the key by bucket, a bucket at a time (each statement writes one
 * bucket's rows in key order, so pages fill up and a Galera write set stays small), then swaps
 * the tables in one statement. Nothing to do when the table has its `bucket` already. On MySQL
 * the service's migration runner resumes a run cut midway after the last statement recorded
 * (the buckets copied stay); elsewhere a copy left behind starts again. Returns how many rows
 * it moved.
 */
export async function postingsIntoBuckets(
  query: RunQuery,
  dialect: 'mysql' | 'sqlite',
  log: (message: string) => void = () => undefined,
): Promise<number> {
  const count = async (sql: string) =>
    Number(((await query(sql, [])) as { n: number | string | null }[])[0].n ?? 0);
  const hasBucket =
    dialect === 'mysql'
      ? "SELECT COUNT(*) AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'search_postings' AND column_name = 'bucket'"
      : "SELECT COUNT(*) AS n FROM pragma_table_info('search_postings') WHERE name = 'bucket'";
  if ((await count(hasBucket)) > 0) {
    // Cut between the swap and the drop: the table by document is still there.
    const left =
      dialect === 'mysql'
        ? "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'search_postings_by_document'"
        : "SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'search_postings_by_document'";
    if ((await count(left)) > 0) await query('DROP TABLE search_postings_by_document', []);
    return 0;
  }
  await query('DROP TABLE IF EXISTS search_postings_by_bucket', []);
  await query(NEW_TABLE[dialect], []);
  const last = await count('SELECT MAX(doc_id) AS n FROM search_postings');
  const bucketOf = dialect === 'mysql' ? `doc_id DIV ${BUCKET_DOCS}` : `doc_id / ${BUCKET_DOCS}`;
  const buckets = Math.floor(last / BUCKET_DOCS) + 1;
  for (let bucket = 0; bucket < buckets; bucket++) {
    await query(
      `INSERT INTO search_postings_by_bucket (bucket, term_id, doc_id, weight)
SELECT ${bucketOf}, term_id, doc_id, weight FROM search_postings
WHERE doc_id >= ? AND doc_id < ? ORDER BY term_id, doc_id`,
      [bucket * BUCKET_DOCS, (bucket + 1) * BUCKET_DOCS],
    );
    if (bucket % 25 === 24) log(`search postings by bucket: ${bucket + 1} of ${buckets} buckets`);
  }
  const moved = await count('SELECT COUNT(*) AS n FROM search_postings_by_bucket');
  if (dialect === 'mysql') {
    // Built once the rows are in, in its own order: its pages fill up (952 MB at 100,000
    // documents when built row by row with them, 559 MB after).
    await query(
      'ALTER TABLE `search_postings_by_bucket` ADD INDEX `IDX_search_postings_doc` (`doc_id`, `term_id`, `weight`)',
      [],
    );
    await query(
      'RENAME TABLE search_postings TO search_postings_by_document, search_postings_by_bucket TO search_postings',
      [],
    );
    await query('DROP TABLE search_postings_by_document', []);
  } else {
    await query('DROP TABLE search_postings', []);
    await query('ALTER TABLE search_postings_by_bucket RENAME TO search_postings', []);
    await query(
      'CREATE INDEX "IDX_search_postings_doc" ON "search_postings" ("doc_id", "term_id", "weight") ',
      [],
    );
  }
  log(`search postings by bucket: ${moved} rows moved`);
  return moved;
}
