/** Which rows to read for a page, and from which end of the list order. */
export interface PageWindow {
  /** `newest-first`: the list's own order; `oldest-first`: read backwards, then reversed. */
  from: 'newest-first' | 'oldest-first';
  offset: number;
  limit: number;
}

/**
 * A page in the second half of the list is read from the other end of the index: skipping
 * rows costs in proportion to how many are skipped, so the last page costs what the first
 * does. Needs the exact total, which the list has before it reads the page.
 */
export function pageWindow(offset: number, limit: number, totalCount: number): PageWindow {
  const end = Math.min(offset + limit, totalCount);
  const fromOldest = totalCount - end;
  if (fromOldest >= offset) return { from: 'newest-first', offset, limit };
  return { from: 'oldest-first', offset: fromOldest, limit: end - offset };
}
