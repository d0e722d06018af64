export class PaginationDto {
  /** @example 1 */
  current_page: number;

  /**
   * Null on the last page and beyond it.
   * @example 2
   */
  next_page: number | null;

  /**
   * Null on the first page and beyond the last.
   * @example null
   */
  prev_page: number | null;

  /** @example 3 */
  total_pages: number;

  /** @example 42 */
  total_count: number;
}
