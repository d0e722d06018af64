import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import type { UserRole } from '../user-role';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** Stored trimmed and lower-cased, so it is unique regardless of case. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  fname: string;

  @Column({ type: 'varchar', length: 100 })
  lname: string;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl: string | null;

  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /** `member`, or `admin` (the admin routes, with a token of scope `admin`). */
  @Column({ type: 'varchar', length: 16, default: 'member' })
  role: UserRole;

  /** False: the user's tokens are refused (and revoked), and so is their sign-in. */
  @Column({ type: 'boolean', default: true })
  active: boolean;
}
