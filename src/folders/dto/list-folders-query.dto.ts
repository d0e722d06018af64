import { PageNumber, PerPage } from '../../common/validation/page-query';

/** Largest page of folders. */
export const MAX_FOLDERS_PER_PAGE = 1000;

export class ListFoldersQueryDto {
  /** Page number, from 1. A page past the end is empty. */
  @PageNumber()
  page: number = 1;

  /** Folders per page, 1 to 1,000. */
  @PerPage(MAX_FOLDERS_PER_PAGE, MAX_FOLDERS_PER_PAGE)
  per_page: number = MAX_FOLDERS_PER_PAGE;
}
