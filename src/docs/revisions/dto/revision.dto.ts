import { ApiProperty } from '@nestjs/swagger';
import { UserDetailsDto } from '../../../users/dto/user-details.dto';
import { PaginationDto } from '../../../common/dto/pagination.dto';

/** A version of a document, without its HTML. */
export class RevisionListItemDto {
  /**
   * The version number: 1 at create, one more at each update.
   * @example 3
   */
  @ApiProperty({ type: 'integer', minimum: 1 })
  version: number;

  /**
   * The title this version had.
   * @example "Quarterly report (draft)"
   */
  title: string;

  /**
   * When this version was written (UTC, milliseconds).
   * @example "2024-05-02T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /**
   * Who wrote it; `null` for versions written before revisions were kept, or by a user who no
   * longer exists.
   */
  @ApiProperty({ type: UserDetailsDto, nullable: true })
  user: UserDetailsDto | null;
}

/** A version of a document with its HTML. */
export class RevisionDto extends RevisionListItemDto {
  /**
   * The HTML this version had (sanitised, as stored).
   * @example "<p>First figures.</p>"
   */
  html: string;
}

export class RevisionListDto {
  /** Newest first; the first item of page 1 is the current version. */
  revisions: RevisionListItemDto[];

  /** Where this page is among all pages. */
  pagination: PaginationDto;
}
