import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../../database/column-types';
import { User } from '../../../users/entities/user.entity';
import type { Role } from '../doc-access';

/**
 * A user of a document and their role: the `user_docs` of a response. Every document has
 * exactly one `owner` row, written by a trigger when the document is inserted.
 *
 * Each row mirrors its document's `updated_at`, so one user's list (every document they are a
 * member of, most recently updated first) is a range of the list-order indexes. An update of a
 * document writes the mirror of every member in the same statement. Triggers keep
 * `user_doc_counts` equal to the number of rows per user and role (see the migration).
 */
@Entity({ name: 'user_docs' })
@Index('IDX_user_docs_doc_id', ['docId'])
@Index('IDX_user_docs_list_order', ['userId', 'docUpdatedAt', 'docId'])
@Index('IDX_user_docs_role_list_order', ['userId', 'role', 'docUpdatedAt', 'docId'])
export class UserDoc {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  // The document's foreign key. `docs` is the documents room's table, named here by its
  // entity's name: that room asks this one, so this one does not import it.
  @ManyToOne('Doc', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: object;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  /** When the user was added (for the owner: when the document was created). */
  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /** The document's `updated_at`, copied here for the list order. */
  @Column(timestampColumn('doc_updated_at'))
  docUpdatedAt: Date;
}
