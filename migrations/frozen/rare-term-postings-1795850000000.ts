/**
 * FROZEN COPY: NEVER CHANGE THIS FILE.
 *
 * How the RareTermPostings migrations (`migrations/mysql/1795850000000-RareTermPostings.ts` and
 * `migrations/sqlite/1795850000000-RareTermPostings.ts`) count the terms of the posting index
 * already stored: each term's documents, up to 256 (`search_terms.doc_count`), and the postings
 * of the terms in fewer than 256 documents copied into `search_rare_postings`, keyed by term.
 * The benchmark, which loads documents with the SearchPostings builder, counts them the same way.
 */

/** Runs one statement (a TypeORM `QueryRunner.query`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** A term is rare in fewer documents than this (the live `RARE_TERM_DOCS` at the time). */
const RARE_TERM_DOCS = 256;

export async function countTermDocuments(query: RunQuery, dialect: 'mysql' | 'sqlite') {
  if (dialect === 'mysql') {
    await query(
      `UPDATE search_terms t JOIN (SELECT term_id, COUNT(*) AS n FROM search_postings GROUP BY term_id) c
ON c.term_id = t.id SET t.doc_count = LEAST(c.n, ${RARE_TERM_DOCS})`,
      [],
    );
  } else {
    await query(
      `UPDATE search_terms SET doc_count = MIN(c.n, ${RARE_TERM_DOCS})
FROM (SELECT term_id, COUNT(*) AS n FROM search_postings GROUP BY term_id) c WHERE c.term_id = search_terms.id`,
      [],
    );
  }
  // Ignoring rows already there: a migration cut midway on MySQL runs this again.
  await query(
    `INSERT ${dialect === 'mysql' ? 'IGNORE' : 'OR IGNORE'} INTO search_rare_postings (term_id, doc_id)
SELECT p.term_id, p.doc_id FROM search_terms t JOIN search_postings p ON p.term_id = t.id
WHERE t.doc_count < ${RARE_TERM_DOCS}`,
    [],
  );
}
