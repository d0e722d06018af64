import { TestApp } from './test-app';

/**
 * What the posting index holds for a document: its terms with their weight (`search_postings`),
 * and which of them are also kept by term (`search_rare_postings`), each sorted by term.
 */
export async function indexedTermsOf(
  test: TestApp,
  uuid: string,
): Promise<{ postings: [string, number][]; rare: string[] }> {
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
): Promise<{ postings: [string, number][]; rare: string[] }> {
  const postings = await test.dataSource.query<{ term: string; weight: number }[]>(
    `SELECT t.term, p.weight FROM search_postings p JOIN search_terms t ON t.id = p.term_id
WHERE p.doc_id = ? ORDER BY t.term`,
    [docId],
  );
  const rare = await test.dataSource.query<{ term: string }[]>(
    `SELECT t.term FROM search_rare_postings r JOIN search_terms t ON t.id = r.term_id
WHERE r.doc_id = ? ORDER BY t.term`,
    [docId],
  );
  return {
    postings: postings.map((row) => [row.term, Number(row.weight)]),
    rare: rare.map((row) => row.term),
  };
}
