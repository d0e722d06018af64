import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { GroupManager } from '../group-managers';
import { codePointOrderedColumn, timestampColumn } from '../../database/column-types';

/**
 * A named set of users (`group_members`), in the table `user_groups`: `GROUPS` is a reserved
 * word in MySQL 8. Names are unique ignoring case among the groups the service manages and
 * among those the identity provider does (`managed_by`): `name_key` is the name folded
 * (`groupNameKey`), compared by code point, which is also the order of a user's groups.
 */
@Entity({ name: 'user_groups' })
@Index('UQ_user_groups_managed_name', ['managedBy', 'nameKey'], { unique: true })
export class Group {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column(codePointOrderedColumn('name_key', 200))
  nameKey: string;

  /**
   * `service`: members are changed through the API and the CLI; `provider`: only by sign-ins,
   * from the groups claim of the identity provider.
   */
  @Column({ name: 'managed_by', type: 'varchar', length: 16, default: 'service' })
  managedBy: GroupManager;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  description: string | null;

  /** How many members (managers included); triggers on `group_members` keep it exact. */
  @Column({ name: 'member_count', type: 'int', default: 0 })
  memberCount: number;

  /**
   * How many of them are managers, kept by the same triggers. Every change of a role or a
   * member writes this row, so concurrent changes of one group take turns (on a Galera cluster:
   * all but one fail certification and run again), and the last manager cannot go.
   */
  @Column({ name: 'manager_count', type: 'int', default: 0 })
  managerCount: number;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
