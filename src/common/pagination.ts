/** Where a page is in a list (the docs list's `pagination` object has these fields). */
export interface PageInfo {
  current_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
}

/**
 * Kaminari's rules: `total_pages = ceil(total_count / per_page)`; there is no next page on
 * the last page or beyond it, and no previous page on the first page or beyond the last.
 */
export function paginate(page: number, perPage: number, totalCount: number): PageInfo {
  const totalPages = Math.ceil(totalCount / perPage);
  return {
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 && page <= totalPages ? page - 1 : null,
    total_pages: totalPages,
    total_count: totalCount,
  };
}
