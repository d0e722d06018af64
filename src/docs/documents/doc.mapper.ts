import { toIsoTimestamp } from '../../database/sql-values';
import { HOME } from '../../folders/folder-path';
import { toUserDetails } from '../../users/user.mapper';
import type { DocMemberRow } from '../access/doc-list';
import { DocDetailDto, DocListItemDto } from './dto/doc-list.dto';

/**
 * Folds rows (one per document and member) into list items as `userId` sees them, keeping the
 * rows' order: their own role on each, and the folder only on the documents they own.
 */
export function toDocListItems(rows: DocMemberRow[], userId: number): DocListItemDto[] {
  const items = new Map<number, DocListItemDto>();
  for (const row of rows) {
    const id = Number(row.doc_id);
    let item = items.get(id);
    if (!item) {
      const owned = Number(row.owner_id) === userId;
      item = {
        id,
        uuid: row.uuid,
        title: row.title,
        path: owned ? (row.path ?? HOME) : null,
        created_at: toIsoTimestamp(row.created_at),
        updated_at: toIsoTimestamp(row.updated_at),
        version: Number(row.version),
        role: row.caller_role ?? row.member_role,
        user_docs: [],
      };
      items.set(id, item);
    }
    const memberId = Number(row.user_id);
    if (memberId === userId && row.caller_role === undefined) item.role = row.member_role;
    item.user_docs.push({
      user: toUserDetails({
        id: memberId,
        fname: row.fname,
        lname: row.lname,
        email: row.email,
        avatarUrl: row.avatar_url,
      }),
    });
  }
  return [...items.values()];
}

export function toDocDetail(rows: DocMemberRow[], userId: number): DocDetailDto {
  const [item] = toDocListItems(rows, userId);
  const { id, uuid, title, path, created_at, updated_at, version, role, user_docs } = item;
  return {
    id,
    uuid,
    title,
    html: rows[0].html ?? '',
    path,
    created_at,
    updated_at,
    version,
    role,
    user_docs,
  };
}
