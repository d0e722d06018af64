import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * How many documents a user owns, kept exact by the write transactions so the list never
 * counts rows. The count is spread over a few slots (one row each): a create bumps one slot
 * chosen at random, so one user's concurrent writes do not queue behind a single row. The
 * user's count is the sum of the slots; a slot alone may be negative after deletes.
 */
@Entity({ name: 'user_doc_counts' })
export class UserDocCount {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'int' })
  slot: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'doc_count', type: 'int' })
  docCount: number;
}
