import { toIsoTimestamp } from '../../database/sql-values';
import { toUserDetails } from '../../users/user.mapper';
import { FolderShareDto } from './dto/folder-share.dto';
import { FolderShareRow } from '../access/folder-shares.repository';

export function toFolderShare(row: FolderShareRow): FolderShareDto {
  const granteeId = Number(row.grantee_id);
  return {
    id: Number(row.id),
    path: row.path,
    ...(row.grantee_type === 'user'
      ? {
          user: toUserDetails({
            id: granteeId,
            fname: row.fname!,
            lname: row.lname!,
            email: row.email!,
            avatarUrl: row.avatar_url,
          }),
        }
      : { group: { id: granteeId, name: row.group_name! } }),
    role: row.role,
    created_at: toIsoTimestamp(row.created_at),
  };
}
