import { PageNumber, PerPage } from '../validation/page-query';

/** `page` and `per_page` as a list of 1 to 100 items a page takes them (20 by default). */
export class PageQueryDto {
  /** Page number, from 1. A page past the end is empty. */
  @PageNumber()
  page: number = 1;

  /** Items per page, 1 to 100. */
  @PerPage(100, 20)
  per_page: number = 20;
}
