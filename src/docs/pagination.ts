import { PaginationDto } from './dto/pagination.dto';

/**
 * Kaminari's rules: `total_pages = ceil(total_count / per_page)`; there is no next page on
 * the last page or beyond it, and no previous page on the first page or beyond the last.
 */
export function paginate(page: number, perPage: number, totalCount: number): PaginationDto {
  const totalPages = Math.ceil(totalCount / perPage);
  return {
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 && page <= totalPages ? page - 1 : null,
    total_pages: totalPages,
    total_count: totalCount,
  };
}

/** Rows to skip for a page; `null` when the page starts past the last item. */
export function pageOffset(page: number, perPage: number, totalCount: number): number | null {
  const offset = (page - 1) * perPage;
  return offset < totalCount ? offset : null;
}
