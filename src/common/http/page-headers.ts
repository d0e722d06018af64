import type { Request, Response } from 'express';
import { paginate } from '../pagination';
import { requestPath } from './route-not-found';

/** Response headers of a list answered as a bare array: the total, and links to the neighbours. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Sets `X-Total-Count` and, where there are neighbouring pages (by the same rules as the docs
 * list's `pagination`), `Link` with `rel="next"` and `rel="prev"` (RFC 8288): the request's own
 * path with `page` and `per_page`.
 */
export function setPageHeaders(
  request: Request,
  response: Response,
  page: number,
  perPage: number,
  totalCount: number,
): void {
  const { next_page: next, prev_page: prev } = paginate(page, perPage, totalCount);
  response.setHeader(TOTAL_COUNT_HEADER, String(totalCount));
  const path = requestPath(request);
  const links = [
    ...(next === null ? [] : [`<${path}?page=${next}&per_page=${perPage}>; rel="next"`]),
    ...(prev === null ? [] : [`<${path}?page=${prev}&per_page=${perPage}>; rel="prev"`]),
  ];
  if (links.length > 0) response.setHeader('Link', links.join(', '));
}
