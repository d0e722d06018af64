import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../../database/column-types';
import { User } from '../../../users/entities/user.entity';
import type { Role } from '../doc-access';

/**
 * A member of a trashed document (its owner included), as its `user_docs` row was: moved here
 * when the document goes to the trash, so it is in nobody's list or count, and back on restore.
 */
@Entity({ name: 'trashed_doc_members' })
export class TrashedDocMember {
  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  // The document's foreign key, named by its entity's name (see `UserDoc.doc`).
  @ManyToOne('Doc', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: object;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  /** When the user was added, kept for the member list's order. */
  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
