import { toIsoTimestamp } from '../../database/sql-values';
import { HOME } from '../../folders/folder-path';
import { TrashItemDto } from './dto/trash.dto';
import { TrashRow } from './trash.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toTrashItem(row: TrashRow, retentionDays: number): TrashItemDto {
  const deletedAt = toIsoTimestamp(row.deleted_at);
  return {
    uuid: row.uuid,
    title: row.title,
    path: row.path ?? HOME,
    deleted_at: deletedAt,
    purge_at: new Date(Date.parse(deletedAt) + retentionDays * DAY_MS).toISOString(),
  };
}
