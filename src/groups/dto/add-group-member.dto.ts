import { ApiProperty } from '@nestjs/swagger';
import { GROUP_ROLES, type GroupRole } from '../group-roles';
import { GroupMemberInput } from './new-group.input';

/** A member to add: the rules are `GroupMemberInput`'s. */
export class AddGroupMemberDto extends GroupMemberInput {
  /**
   * E-mail address of the user to add (any letter case).
   * @example "grace@example.com"
   */
  @ApiProperty({ format: 'email' })
  declare email: string;

  /**
   * `member`, or `manager` (may change the group and its members). A user already in the group
   * gets this role instead of theirs.
   * @example "member"
   */
  @ApiProperty({ enum: GROUP_ROLES, default: 'member', required: false })
  declare role: GroupRole;
}
