import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';

/**
 * A folder of one user, named by its full path (`~/a/b`). Every ancestor has its own row,
 * so `~/a/b` exists only together with `~/a`. The home folder `~` has no row.
 * Paths can be longer than an index may hold, so uniqueness is kept on a SHA-256 of the path.
 */
@Entity({ name: 'folders' })
@Index('UQ_folders_user_id_path_hash', ['userId', 'pathHash'], { unique: true })
export class Folder {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  path: string;

  @Column({ name: 'path_hash', type: 'varchar', length: 64 })
  pathHash: string;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
