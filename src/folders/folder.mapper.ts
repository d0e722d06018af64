import { toIsoTimestamp } from '../database/sql-values';
import { FolderDto } from './dto/folder.dto';
import { FolderRow } from './folders.repository';

export function toFolderDto(row: FolderRow): FolderDto {
  return { path: row.path, created_at: toIsoTimestamp(row.created_at) };
}
