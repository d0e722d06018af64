import { toIsoTimestamp } from '../database/sql-values';
import { toUserDetails } from '../users/user.mapper';
import { UserProfile } from '../users/user-profile';
import { GroupDto } from './dto/group.dto';
import { GroupMemberDto } from './dto/group-member.dto';
import type { GroupRole } from './group-roles';
import { GroupMemberRow, GroupRow } from './groups.repository';

export function toGroupDto(row: GroupRow): GroupDto {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    created_at: toIsoTimestamp(row.created_at),
    role: row.role,
    member_count: Number(row.member_count),
    managed_by: row.managed_by,
  };
}

export function toGroupMemberDto(
  user: UserProfile,
  role: GroupRole,
  addedAt: Date | string,
): GroupMemberDto {
  return { user: toUserDetails(user), role, added_at: toIsoTimestamp(addedAt) };
}

export function toGroupMemberDtos(rows: GroupMemberRow[]): GroupMemberDto[] {
  return rows.map((row) =>
    toGroupMemberDto(
      {
        id: Number(row.user_id),
        fname: row.fname,
        lname: row.lname,
        email: row.email,
        avatarUrl: row.avatar_url,
      },
      row.role,
      row.added_at,
    ),
  );
}
