import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../../database/column-types';
import type { Role } from '../doc-access';

/** Who a grant is for: a group (its members have the role), or one user (by a folder share). */
export type GranteeType = 'group' | 'user';

/**
 * A role on a document given to a group, or to a user through a folder share: the ways to a
 * document other than its `user_docs` (the owner and the users it is shared with directly).
 * `folder_share_id` is the folder share the grant comes from, 0 when the document itself was
 * shared with the group; a document reached several ways has a row for each.
 *
 * As `user_docs`, each row mirrors its document's `updated_at`, so the documents a grantee has
 * from one source (the document shares, or one folder share) are a range of the list-order
 * index, each once, merged with the caller's other ways in; `trashed` follows the
 * document into the trash and back, keeping the grant while it is there.
 */
@Entity({ name: 'doc_grants' })
// With the role: each source's range is read from the index alone, in one statement text.
@Index('IDX_doc_grants_list_order', [
  'granteeType',
  'granteeId',
  'folderShareId',
  'trashed',
  'docUpdatedAt',
  'docId',
  'role',
])
// A document's grants, with what the checks of access read (its trash flag and role): the
// index alone answers them, and SQLite picks it without statistics.
@Index('IDX_doc_grants_doc', ['docId', 'granteeType', 'granteeId', 'trashed', 'role'])
// Every grant in list order, with its trash flag, whom it is for and its role: a page of a user
// who has a large part of all grants is read from here (see `mergedListSql.densePage`). Not led
// by `trashed`: an index led by it looks, to SQLite without statistics of the table, as good as
// the document index for a lookup of one document's grants, and was chosen for it (10 ms).
@Index('IDX_doc_grants_all_list_order', [
  'docUpdatedAt',
  'docId',
  'trashed',
  'granteeType',
  'granteeId',
  'role',
])
export class DocGrant {
  @PrimaryColumn({ name: 'grantee_type', type: 'varchar', length: 8 })
  granteeType: GranteeType;

  @PrimaryColumn({ name: 'grantee_id', type: 'int' })
  granteeId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @PrimaryColumn({ name: 'folder_share_id', type: 'int' })
  folderShareId: number;

  // The document's foreign key. `docs` is the documents room's table, named here by its
  // entity's name: that room asks this one, so this one does not import it.
  @ManyToOne('Doc', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: object;

  @Column({ type: 'varchar', length: 16 })
  role: Exclude<Role, 'owner'>;

  /** When the grant was made. */
  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /** The document's `updated_at`, copied here for the list order. */
  @Column(timestampColumn('doc_updated_at'))
  docUpdatedAt: Date;

  /** Whether the document is in its owner's trash (then the grant gives nothing). */
  @Column({ type: 'boolean', default: false })
  trashed: boolean;
}
