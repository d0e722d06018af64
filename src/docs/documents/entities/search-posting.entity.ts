import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One search term in one document and its weight there (`termWeights`), keyed by the
 * document's bucket (`POSTINGS_BUCKET_DOCS` consecutive ids), the term and the document: a
 * search looks each of the caller's documents up by that key, and a word's documents of one
 * bucket are side by side; a new document's rows go to the newest bucket. A document's
 * postings are those of its stored terms (`docs.search_title`, `docs.search_body`): what
 * updates or removes them works them out from those and finds each by its key. No foreign key:
 * the documents' writes keep the rows in step.
 */
@Entity({ name: 'search_postings', withoutRowid: true })
export class SearchPosting {
  @PrimaryColumn({ type: 'int' })
  bucket: number;

  @PrimaryColumn({ name: 'term_id', type: 'int' })
  termId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @Column({ type: 'int' })
  weight: number;
}
