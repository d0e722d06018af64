import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One search term in one document and its weight there (`termWeights`), keyed by term first:
 * a search reads the rows of its words, not the documents' text. No foreign keys: each would
 * need an index of its own; the documents' writes keep the rows in step.
 */
@Entity({ name: 'search_postings', withoutRowid: true })
export class SearchPosting {
  @PrimaryColumn({ name: 'term_id', type: 'int' })
  termId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @Column({ type: 'int' })
  weight: number;
}
