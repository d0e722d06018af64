import { ApiProperty } from '@nestjs/swagger';
import { UserDetailsDto } from '../../../users/dto/user-details.dto';
import { SHARED_ROLES, type SharedRole } from '../../access/doc-access';
import { GroupSummaryDto } from './doc-group.dto';

/** A folder shared with a user or a group. */
export class FolderShareDto {
  /** @example 7 */
  @ApiProperty({ type: 'integer' })
  id: number;

  /**
   * The folder shared, with everything below it.
   * @example "~/projects/q3"
   */
  path: string;

  /** The user it is shared with; absent for a group. */
  @ApiProperty({ type: UserDetailsDto, required: false })
  user?: UserDetailsDto;

  /** The group it is shared with; absent for a user. */
  @ApiProperty({ type: GroupSummaryDto, required: false })
  group?: GroupSummaryDto;

  /**
   * `editor` or `viewer`.
   * @example "editor"
   */
  @ApiProperty({ enum: SHARED_ROLES })
  role: SharedRole;

  /**
   * When the folder was shared, UTC, milliseconds.
   * @example "2024-05-03T08:00:00.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class FolderSharesDto {
  /** The shares, by folder path (code-point order), then by when they were made. */
  @ApiProperty({ type: [FolderShareDto] })
  shares: FolderShareDto[];
}
