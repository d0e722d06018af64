import { Entity, PrimaryColumn } from 'typeorm';

/**
 * A posting of a rare term (one in fewer than `RARE_TERM_DOCS` documents: see
 * `search_terms.doc_count`), keyed by term: a search for a rare word starts from its documents.
 * The weight is the posting's (`search_postings`); the writes keep both in step.
 */
@Entity({ name: 'search_rare_postings', withoutRowid: true })
export class SearchRarePosting {
  @PrimaryColumn({ name: 'term_id', type: 'int' })
  termId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;
}
