import { ApiProperty } from '@nestjs/swagger';

/** Where a page is in any list the API pages through (documents, revisions, deliveries...). */
export class PaginationDto {
  /**
   * The page asked for (`page`).
   * @example 1
   */
  @ApiProperty({ type: 'integer' })
  current_page: number;

  /**
   * Null on the last page and beyond it.
   * @example 2
   */
  @ApiProperty({ type: 'integer', nullable: true })
  next_page: number | null;

  /**
   * Null on the first page and beyond the last.
   * @example null
   */
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  prev_page: number | null;

  /**
   * Number of pages: `total_count / per_page` rounded up (0 when the list is empty).
   * @example 3
   */
  @ApiProperty({ type: 'integer' })
  total_pages: number;

  /**
   * Number of items across all pages.
   * @example 42
   */
  @ApiProperty({ type: 'integer' })
  total_count: number;
}
