import { ApiProperty } from '@nestjs/swagger';

export class PaginationDto {
  /** @example 1 */
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

  /** @example 3 */
  @ApiProperty({ type: 'integer' })
  total_pages: number;

  /** @example 42 */
  @ApiProperty({ type: 'integer' })
  total_count: number;
}
