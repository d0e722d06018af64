import { ApiProperty } from '@nestjs/swagger';
import { GROUP_MANAGERS, type GroupManager } from '../group-managers';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { GROUP_ROLES, type GroupRole } from '../group-roles';

/** A group, as one of its members sees it. */
export class GroupDto {
  /**
   * The group's id.
   * @example 3
   */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** @example "Finance" */
  name: string;

  /**
   * What the group is for; null when not said.
   * @example "Everyone who closes the books"
   */
  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  /**
   * When the group was made, UTC, milliseconds.
   * @example "2024-05-03T08:00:00.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /**
   * Your role in the group: `manager` (may change it and its members) or `member`.
   * @example "manager"
   */
  @ApiProperty({ enum: GROUP_ROLES })
  role: GroupRole;

  /**
   * How many users are in the group, managers included.
   * @example 12
   */
  @ApiProperty({ type: 'integer', minimum: 1 })
  member_count: number;

  /**
   * Who changes its members: `service` (its managers, through the API), or `provider` (the
   * identity provider: members follow the groups claim at each sign-in, and any other change
   * of members is refused with `409`).
   */
  @ApiProperty({ enum: GROUP_MANAGERS, example: 'service' })
  managed_by: GroupManager;
}

export class GroupListDto {
  /** Your groups, by name (ignoring letter case, in code-point order). */
  groups: GroupDto[];

  /** Where this page is among all pages. */
  pagination: PaginationDto;
}
