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
}
