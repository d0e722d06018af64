import { toIsoTimestamp } from '../../database/sql-values';
import { UserProfile } from '../../users/user-profile';
import { toUserDetails } from '../../users/user.mapper';
import { DocUserRow } from '../access/doc-users.repository';
import { DocUserDto } from './dto/doc-user.dto';
import type { Role } from '../access/doc-access';

export function toDocUser(user: UserProfile, role: Role, addedAt: Date | string): DocUserDto {
  return { user: toUserDetails(user), role, added_at: toIsoTimestamp(addedAt) };
}

export function toDocUsers(rows: DocUserRow[]): DocUserDto[] {
  return rows.map((row) =>
    toDocUser(
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
