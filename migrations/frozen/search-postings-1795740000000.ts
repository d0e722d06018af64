/**
 * FROZEN COPY: NEVER CHANGE THIS FILE.
 *
 * How the SearchPostings migrations (`migrations/mysql/1795740000000-SearchPostings.ts` and
 * `migrations/sqlite/1795740000000-SearchPostings.ts`) build the posting index of the documents
 * already stored: each document's terms (`docs.search_title`, `docs.search_body`, as version
 * 1.2 wrote them) counted as `termWeights` of `src/common/text/search-terms.ts` counted them
 * when it was written (4 per occurrence in the title, 1 in the text), in batches. A migration
 * never imports live code: the live weights may change later, what this migration writes must
 * not (`search reindex` rewrites the index with the live code).
 */

/** Runs one statement and gives its rows (a TypeORM `QueryRunner.query`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** Documents read per batch. */
const BATCH = 500;
/** Rows per INSERT. */
const ROWS_PER_STATEMENT = 500;
const TITLE_WEIGHT = 4;

interface StoredTerms {
  id: number;
  search_title: string | null;
  search_body: string | null;
}

function termWeights(title: string | null, body: string | null): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (terms: string | null, weight: number) => {
    for (const term of (terms ?? '').split(' ')) {
      if (term !== '') weights.set(term, (weights.get(term) ?? 0) + weight);
    }
  };
  add(title, TITLE_WEIGHT);
  add(body, 1);
  return weights;
}

const placeholders = (count: number, row: string) => Array(count).fill(row).join(', ');

/** Documents between two lines of progress. */
const PROGRESS_EVERY = 10_000;

/**
 * Fills `search_terms` and `search_postings` from every document's stored terms, a batch of
 * documents at a time, calling `log` with the progress every 10,000 documents and at the end.
 * Returns how many documents it indexed.
 */
export async function buildPostings(
  query: RunQuery,
  dialect: 'mysql' | 'sqlite',
  log: (message: string) => void,
): Promise<number> {
  const started = Date.now();
  const progress = (done: number, total: number) => {
    if (done % PROGRESS_EVERY < BATCH || done === total) {
      const seconds = Math.round((Date.now() - started) / 1000);
      log(`search index: ${done} of ${total} documents (${seconds} s)`);
    }
  };
  const [{ n }] = (await query('SELECT COUNT(*) AS n FROM docs', [])) as { n: number | string }[];
  const total = Number(n);
  const ignore = dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  let after = 0;
  let done = 0;
  for (;;) {
    const docs = (await query(
      'SELECT id, search_title, search_body FROM docs WHERE id > ? ORDER BY id LIMIT ?',
      [after, BATCH],
    )) as StoredTerms[];
    if (docs.length === 0) return done;
    const weights = docs.map((doc) => termWeights(doc.search_title, doc.search_body));
    const terms = [...new Set(weights.flatMap((byTerm) => [...byTerm.keys()]))];
    const ids = new Map<string, number>();
    for (let start = 0; start < terms.length; start += ROWS_PER_STATEMENT) {
      const chunk = terms.slice(start, start + ROWS_PER_STATEMENT);
      await query(
        `${ignore} INTO search_terms (term) VALUES ${placeholders(chunk.length, '(?)')}`,
        chunk,
      );
      const rows = (await query(
        `SELECT id, term FROM search_terms WHERE term IN (${placeholders(chunk.length, '?')})`,
        chunk,
      )) as { id: number; term: string }[];
      for (const row of rows) ids.set(row.term, Number(row.id));
    }
    const postings: number[] = [];
    docs.forEach((doc, index) => {
      for (const [term, weight] of weights[index]) postings.push(ids.get(term)!, doc.id, weight);
    });
    for (let start = 0; start < postings.length; start += ROWS_PER_STATEMENT * 3) {
      const chunk = postings.slice(start, start + ROWS_PER_STATEMENT * 3);
      await query(
        `INSERT INTO search_postings (term_id, doc_id, weight) VALUES ${placeholders(chunk.length / 3, '(?, ?, ?)')}`,
        chunk,
      );
    }
    done += docs.length;
    after = Number(docs[docs.length - 1].id);
    progress(done, total);
  }
}
