import { toIsoTimestamp } from '../database/sql-values';
import { HOME } from '../folders/folder-path';
import { toUserDetails } from '../users/user.mapper';
import { DocDetailDto, DocListItemDto } from './dto/doc-list.dto';
import { DocUserRow } from './docs.repository';

/** Folds rows (one per document and user) into list items, keeping the rows' order. */
export function toDocListItems(rows: DocUserRow[]): DocListItemDto[] {
  const items = new Map<number, DocListItemDto>();
  for (const row of rows) {
    const id = Number(row.doc_id);
    let item = items.get(id);
    if (!item) {
      item = {
        id,
        uuid: row.uuid,
        title: row.title,
        path: row.path ?? HOME,
        created_at: toIsoTimestamp(row.created_at),
        updated_at: toIsoTimestamp(row.updated_at),
        user_docs: [],
      };
      items.set(id, item);
    }
    item.user_docs.push({
      user: toUserDetails({
        id: Number(row.user_id),
        fname: row.fname,
        lname: row.lname,
        email: row.email,
        avatarUrl: row.avatar_url,
      }),
    });
  }
  return [...items.values()];
}

export function toDocDetail(rows: DocUserRow[]): DocDetailDto {
  const [item] = toDocListItems(rows);
  const { id, uuid, title, path, created_at, updated_at, user_docs } = item;
  return { id, uuid, title, html: rows[0].html ?? '', path, created_at, updated_at, user_docs };
}
