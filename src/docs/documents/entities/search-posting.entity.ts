import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One search term in one document and its weight there (`termWeights`), keyed by document and
 * term: a document's postings are written together, and a search looks each of the caller's
 * documents up by (document, term) rather than reading its text. No foreign key: the
 * documents' writes keep the rows in step.
 */
@Entity({ name: 'search_postings', withoutRowid: true })
export class SearchPosting {
  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @PrimaryColumn({ name: 'term_id', type: 'int' })
  termId: number;

  @Column({ type: 'int' })
  weight: number;
}
