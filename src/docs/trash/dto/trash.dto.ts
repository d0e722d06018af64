import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../../common/dto/pagination.dto';

/** A document in the trash. */
export class TrashItemDto {
  /**
   * The document's UUID: restore it with `POST /api/v1/trash/{uuid}/restore`.
   * @example "3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60"
   */
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  /**
   * Its title.
   * @example "Quarterly report"
   */
  title: string;

  /**
   * The folder it was in, and comes back to.
   * @example "~/reports/2024"
   */
  path: string;

  /**
   * When it was deleted (UTC, milliseconds).
   * @example "2024-05-02T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  deleted_at: string;

  /**
   * When it is deleted for good: `TRASH_RETENTION_DAYS` after `deleted_at` (by the purge job's
   * first run from then on).
   * @example "2024-06-01T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  purge_at: string;
}

export class TrashListDto {
  /** Most recently deleted first. */
  docs: TrashItemDto[];

  /** Where this page is among all pages. */
  pagination: PaginationDto;
}
