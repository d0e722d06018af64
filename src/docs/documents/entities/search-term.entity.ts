import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every distinct search term of the documents (`common/text/search-terms.ts`), named once, so a
 * posting carries a number; a prefix reads the range of terms that start with it.
 */
@Entity({ name: 'search_terms' })
export class SearchTerm {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('UQ_search_terms_term', { unique: true })
  @Column({ type: 'varchar', length: 84 })
  term: string;

  /**
   * In how many documents the term has been, counted up to `RARE_TERM_DOCS` and no further
   * (never down: an upper bound of how many have it now). Below it, the term is rare and its
   * postings are also in `search_rare_postings`.
   */
  @Column({ name: 'doc_count', type: 'int', default: 0 })
  docCount: number;
}
