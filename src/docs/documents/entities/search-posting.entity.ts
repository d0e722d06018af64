import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One search term in one document and its weight there (`termWeights`), keyed by the
 * document's bucket (`POSTINGS_BUCKET_DOCS` consecutive ids), the term and the document: a
 * search looks each of the caller's documents up by that key, and a word's documents of one
 * bucket are side by side; a new document's rows go to the newest bucket. The index by
 * document serves what reads or removes a document's postings. No foreign key: the documents'
 * writes keep the rows in step.
 */
@Entity({ name: 'search_postings', withoutRowid: true })
@Index('IDX_search_postings_doc', ['docId', 'termId', 'weight'])
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
