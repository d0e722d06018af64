import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../../users/entities/user.entity';
import type { Role } from '../doc-access';

/**
 * How many documents a user is a member of, per role, so the list never counts rows. Database
 * triggers on `user_docs` keep it exact: every insert, delete or role change of a member row
 * changes the count in the same statement, whichever code path (or cascade) made it.
 *
 * On MySQL a count is spread over a few slots (one row each): a trigger bumps one slot chosen
 * at random, so one user's concurrent writes do not queue behind a single row. SQLite, which
 * has one writer at a time, keeps slot 0 alone. The count is the sum of the slots; a slot alone
 * may be negative after deletes.
 */
@Entity({ name: 'user_doc_counts' })
export class UserDocCount {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  role: Role;

  @PrimaryColumn({ type: 'int' })
  slot: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'doc_count', type: 'int' })
  docCount: number;
}
