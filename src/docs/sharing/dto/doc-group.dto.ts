import { ApiProperty } from '@nestjs/swagger';
import { SHARED_ROLES, type SharedRole } from '../../access/doc-access';

/** A group as a document's sharing names it. */
export class GroupSummaryDto {
  /** @example 3 */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** @example "Finance" */
  name: string;
}

/** A group a document is shared with, and the role its members have. */
export class DocGroupDto {
  group: GroupSummaryDto;

  /**
   * `editor` or `viewer`.
   * @example "viewer"
   */
  @ApiProperty({ enum: SHARED_ROLES })
  role: SharedRole;

  /**
   * When the document was shared with the group, UTC, milliseconds.
   * @example "2024-05-03T08:00:00.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  added_at: string;
}
