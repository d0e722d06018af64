import { TestApp } from './test-app';

/**
 * What the posting index holds for a document: its terms with their weight (`search_postings`),
 * sorted by term, and those of them whose bucket is not recorded for the term
 * (`search_term_buckets`): a search starting from the word would miss the document, so always
 * none.
 */
export async function indexedTermsOf(
  test: TestApp,
  uuid: string,
): Promise<{ postings: [string, number][]; bucketMissing: string[] }> {
  const [doc] = await test.dataSource.query<{ id: number }[]>(
    'SELECT id FROM docs WHERE uuid = ?',
    [uuid],
  );
  if (!doc) throw new Error(`no document ${uuid}`);
  return indexedTermsOfId(test, Number(doc.id));
}

/** `indexedTermsOf`, by the document's id (one deleted for good has no uuid left to find). */
export async function indexedTermsOfId(
  test: TestApp,
  docId: number,
): Promise<{ postings: [string, number][]; bucketMissing: string[] }> {
  const postings = await test.dataSource.query<
    { term: string; weight: number; recorded: number }[]
  >(
    `SELECT t.term, p.weight,
  (SELECT COUNT(*) FROM search_term_buckets b WHERE b.term_id = p.term_id AND b.bucket = p.bucket) AS recorded
FROM search_postings p JOIN search_terms t ON t.id = p.term_id
WHERE p.doc_id = ? ORDER BY t.term`,
    [docId],
  );
  return {
    postings: postings.map((row) => [row.term, Number(row.weight)]),
    bucketMissing: postings.filter((row) => Number(row.recorded) === 0).map((row) => row.term),
  };
}
