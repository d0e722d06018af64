import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GranteeType } from './doc-grant.entity';

/**
 * How many documents, not in the trash, one source of grants gives (a grantee's documents
 * shared one by one, `folder_share_id` 0, or one folder share): a list through grants counts
 * from these, not from the grants. Database triggers on `doc_grants` keep it exact, whatever
 * statement (or trigger) writes the grants. Spread over slots on MySQL, as `user_doc_counts`
 * (one on SQLite): the count is the sum of its slots.
 */
@Entity({ name: 'doc_grant_counts' })
export class DocGrantCount {
  @PrimaryColumn({ name: 'grantee_type', type: 'varchar', length: 8 })
  granteeType: GranteeType;

  @PrimaryColumn({ name: 'grantee_id', type: 'int' })
  granteeId: number;

  @PrimaryColumn({ name: 'folder_share_id', type: 'int' })
  folderShareId: number;

  @PrimaryColumn({ type: 'int' })
  slot: number;

  @Column({ name: 'doc_count', type: 'int' })
  docCount: number;
}
