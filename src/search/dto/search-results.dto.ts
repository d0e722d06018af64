import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { ROLES, type Role } from '../../docs/access/doc-access';

/** A document that matches, best match first. */
export class SearchResultDto {
  /**
   * The document's UUID, used in `/api/v1/docs/{uuid}`.
   * @example "3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60"
   */
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  /** @example "Quarterly report" */
  title: string;

  /**
   * The folder the document is in (`~/a/b` or `~`), for its owner only (`null` otherwise).
   * @example "~/reports/2024"
   */
  @ApiProperty({ type: 'string', nullable: true })
  path: string | null;

  /** Your role on the document. */
  @ApiProperty({ enum: ROLES, example: 'owner' })
  role: Role;

  /**
   * When the document last changed (UTC, milliseconds).
   * @example "2024-05-02T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  /** @example 3 */
  @ApiProperty({ type: 'integer', minimum: 1 })
  version: number;

  /**
   * Up to 200 characters of the document's text around the first match, the matched words in
   * `<mark>`, everything else HTML-escaped (safe to insert into a page as it is), `…` where the
   * text is cut; the text's beginning when only the title matches.
   * @example "…the <mark>quarterly</mark> figures and the <mark>report</mark> of the board &amp; its…"
   */
  snippet: string;
}

export class SearchResultsDto {
  results: SearchResultDto[];

  pagination: PaginationDto;
}
