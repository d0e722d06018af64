import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../../database/column-types';
import { Doc } from './doc.entity';

/**
 * A document in its owner's trash, since when: the trash list reads it by owner, the purge
 * job by age. The document keeps its row in `docs` (with `deleted_at` set), its versions and
 * its folder; its members wait in `trashed_doc_members`.
 */
@Entity({ name: 'trash' })
@Index('IDX_trash_owner_order', ['ownerId', 'deletedAt', 'docId'])
@Index('IDX_trash_deleted_at', ['deletedAt'])
export class TrashedDoc {
  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @OneToOne(() => Doc, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: Doc;

  @Column({ name: 'owner_id', type: 'int' })
  ownerId: number;

  @Column(timestampColumn('deleted_at'))
  deletedAt: Date;
}
