import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { SHARED_ROLES, type SharedRole } from '../../access/doc-access';

export class AddDocGroupDto {
  /**
   * The id of the group to share the document with (you need not be in it).
   * @example 3
   */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 2147483647 })
  @IsInt({ message: 'group_id must be a positive integer' })
  @Min(1, { message: 'group_id must be a positive integer' })
  @Max(2147483647, { message: 'group_id must be a positive integer' })
  group_id: number;

  /**
   * `editor` (its members may read and update) or `viewer` (read). A group that has the
   * document already gets this role instead.
   * @example "viewer"
   */
  @ApiProperty({ enum: SHARED_ROLES, default: 'viewer', required: false })
  @ValidateIf((body: AddDocGroupDto) => body.role !== undefined)
  @IsIn(SHARED_ROLES, {
    message: 'role must be editor or viewer (a document has exactly one owner)',
  })
  role: SharedRole = 'viewer';
}
