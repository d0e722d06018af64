import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { UserDetailsDto } from '../../users/dto/user-details.dto';
import { GROUP_ROLES, type GroupRole } from '../group-roles';

/** A user in a group, with their role. */
export class GroupMemberDto {
  user: UserDetailsDto;

  /**
   * `manager` or `member`.
   * @example "member"
   */
  @ApiProperty({ enum: GROUP_ROLES })
  role: GroupRole;

  /**
   * When the user joined the group, UTC, milliseconds.
   * @example "2024-05-03T08:00:00.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  added_at: string;
}

export class GroupMemberListDto {
  /** Managers first, then members, each by when they were added. */
  members: GroupMemberDto[];

  /** Where this page is among all pages. */
  pagination: PaginationDto;
}
