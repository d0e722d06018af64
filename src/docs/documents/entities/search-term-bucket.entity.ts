import { Entity, PrimaryColumn } from 'typeorm';

/**
 * A bucket of the posting index (`search_postings.bucket`) that has postings of a term: a search
 * for a rare word reads the word's range of postings in each of its buckets. Written with the
 * postings, never removed (a bucket whose documents lost the word is read and found empty).
 */
@Entity({ name: 'search_term_buckets', withoutRowid: true })
export class SearchTermBucket {
  @PrimaryColumn({ name: 'term_id', type: 'int' })
  termId: number;

  @PrimaryColumn({ type: 'int' })
  bucket: number;
}
