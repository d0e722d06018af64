import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../../database/column-types';
import { User } from '../../../users/entities/user.entity';
import type { Role } from '../doc-access';
import type { GranteeType } from './doc-grant.entity';

/**
 * A folder of its owner's tree (`~` included) shared with a user or a group: the grantee has
 * the role on every document in that folder and below it. Each such document has a grant
 * (`doc_grants`) naming this share, written when the share is made and when a document is
 * created in or moved into the folder.
 *
 * The folder is named by its path (it need not exist yet), so a document's shares are those
 * whose `path_hash` is the hash of its folder or of an ancestor.
 */
@Entity({ name: 'folder_shares' })
@Index('UQ_folder_shares_owner_path_grantee', ['ownerId', 'pathHash', 'granteeType', 'granteeId'], {
  unique: true,
})
@Index('IDX_folder_shares_grantee', ['granteeType', 'granteeId'])
export class FolderShare {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'owner_id', type: 'int' })
  ownerId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'text' })
  path: string;

  @Column({ name: 'path_hash', type: 'varchar', length: 64 })
  pathHash: string;

  @Column({ name: 'grantee_type', type: 'varchar', length: 8 })
  granteeType: GranteeType;

  @Column({ name: 'grantee_id', type: 'int' })
  granteeId: number;

  @Column({ type: 'varchar', length: 16 })
  role: Exclude<Role, 'owner'>;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
