import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';
import { Doc } from './doc.entity';

export type UserDocRole = 'owner';

/**
 * Links a user to a document they can see: the `user_docs` of a response. The owner's row is
 * written when the document is created. The list itself selects by `docs.owner_id`, so an
 * update is one statement on `docs`.
 */
@Entity({ name: 'user_docs' })
@Index('IDX_user_docs_doc_id', ['docId'])
export class UserDoc {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => Doc, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: Doc;

  @Column({ type: 'varchar', length: 16 })
  role: UserDocRole;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
