import { ApiProperty } from '@nestjs/swagger';
import { UserDetailsDto } from '../../../users/dto/user-details.dto';
import { ROLES, type Role } from '../../access/doc-access';
import { PaginationDto } from '../../../common/dto/pagination.dto';

export class UserDocDto {
  /** A user the document belongs to. */
  user: UserDetailsDto;
}

/** A document in the list: everything but its HTML. */
export class DocListItemDto {
  /**
   * The document's numeric id, as in the interface spec; use `uuid` in addresses.
   * @example 42
   */
  @ApiProperty({ type: 'integer' })
  id: number;

  /**
   * The document's UUID, used in `/api/v1/docs/{uuid}`.
   * @example "3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60"
   */
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  /**
   * The title, trimmed.
   * @example "Quarterly report"
   */
  title: string;

  /**
   * The folder the document is in, written as `~/a/b` (or `~`): a folder of its owner's, so
   * shown to the owner only (`null` for the document's other users).
   * @example "~/reports/2024"
   */
  @ApiProperty({ type: 'string', nullable: true })
  path: string | null;

  /**
   * When the document was created (UTC, milliseconds).
   * @example "2024-05-01T09:30:00.123Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /**
   * When the document last changed (UTC, milliseconds).
   * @example "2024-05-02T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  /**
   * Starts at 1 and goes one up with each update; the document's `ETag` is this number in
   * quotes, for `If-Match` and `If-None-Match`.
   * @example 3
   */
  @ApiProperty({ type: 'integer', minimum: 1 })
  version: number;

  /**
   * Your role on the document: `owner` (may do anything), `editor` (may read and update) or
   * `viewer` (may read).
   * @example "owner"
   */
  @ApiProperty({ enum: ROLES })
  role: Role;

  /** The document's users: the owner first, then the others by when they were added. */
  user_docs: UserDocDto[];
}

export class DocListDto {
  /** Most recently updated first. */
  docs: DocListItemDto[];

  /** Where this page is among all pages. */
  pagination: PaginationDto;
}

/** One document with its content. */
export class DocDetailDto extends DocListItemDto {
  /**
   * The content, as stored (sanitised).
   * @example "<h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>"
   */
  html: string;
}
