import { ApiProperty } from '@nestjs/swagger';
import { UserDetailsDto } from '../../../users/dto/user-details.dto';
import { ROLES, type Role } from '../../access/doc-access';

/** A user of a document, with their role. */
export class DocUserDto {
  user: UserDetailsDto;

  /**
   * `owner`, `editor` or `viewer`.
   * @example "editor"
   */
  @ApiProperty({ enum: ROLES })
  role: Role;

  /**
   * When the user got the document (for the owner: when it was created), UTC, milliseconds.
   * @example "2024-05-03T08:00:00.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  added_at: string;
}
