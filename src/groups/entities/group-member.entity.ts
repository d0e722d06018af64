import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';
import type { GroupRole } from '../group-roles';
import { Group } from './group.entity';

/**
 * A user in a group, as a `manager` (may change the group and its members) or a `member`.
 * The member list reads the order index: managers first ('manager' sorts before 'member'),
 * then by when added; a user's groups are found through the user index.
 */
@Entity({ name: 'group_members' })
@Index('IDX_group_members_order', ['groupId', 'role', 'createdAt', 'userId'])
@Index('IDX_group_members_user', ['userId', 'groupId'])
export class GroupMember {
  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 16 })
  role: GroupRole;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
