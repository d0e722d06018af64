import { toIsoTimestamp } from '../../database/sql-values';
import { toUserDetails } from '../../users/user.mapper';
import { RevisionDto, RevisionListItemDto } from './dto/revision.dto';
import { RevisionRow } from './revisions.repository';

export function toRevisionListItem(row: RevisionRow): RevisionListItemDto {
  const user =
    row.user_id === null || row.email === null
      ? null
      : toUserDetails({
          id: Number(row.user_id),
          fname: row.fname ?? '',
          lname: row.lname ?? '',
          email: row.email,
          avatarUrl: row.avatar_url,
        });
  return {
    version: Number(row.version),
    title: row.title,
    created_at: toIsoTimestamp(row.created_at),
    user,
  };
}

export function toRevision(row: RevisionRow): RevisionDto {
  return { ...toRevisionListItem(row), html: row.html ?? '' };
}
