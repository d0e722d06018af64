import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, ValidateIf } from 'class-validator';
import { TrimmedString } from '../../../common/validation/text-rules';

import { SHARED_ROLES, type SharedRole } from '../../access/doc-access';

export class AddDocUserDto {
  /**
   * E-mail address of the user to share the document with (any letter case).
   * @example "grace@example.com"
   */
  @ApiProperty({ format: 'email' })
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  /**
   * `editor` (may read and update) or `viewer` (may read). A user who already has the document
   * gets this role instead of theirs.
   * @example "editor"
   */
  @ApiProperty({ enum: SHARED_ROLES, default: 'viewer', required: false })
  @ValidateIf((body: AddDocUserDto) => body.role !== undefined)
  @IsIn(SHARED_ROLES, {
    message: 'role must be editor or viewer (a document has exactly one owner)',
  })
  role: SharedRole = 'viewer';
}
