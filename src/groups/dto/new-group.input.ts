import { IsEmail, IsIn, IsString, ValidateIf } from 'class-validator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';
import { GROUP_ROLES, type GroupRole } from '../group-roles';

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

/** A name has a character other than whitespace (it is trimmed, and must not end up empty). */
export const GROUP_NAME_PATTERN = '\\S';

/*
 * The rules of a new group and of a member added, with no HTTP or Swagger attached, so the CLI
 * checks its arguments before it loads Nest or opens the database. The DTOs are these with
 * their API documentation.
 */

export class NewGroupInput {
  @TrimmedString()
  @IsString()
  @CodePointLength(1, GROUP_NAME_MAX)
  @WellFormedText()
  name: string;

  @TrimmedString()
  @ValidateIf((body: NewGroupInput) => body.description !== undefined && body.description !== null)
  @IsString()
  @CodePointLength(0, GROUP_DESCRIPTION_MAX)
  @WellFormedText()
  description?: string | null;
}

export class GroupMemberInput {
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ValidateIf((body: GroupMemberInput) => body.role !== undefined)
  @IsIn(GROUP_ROLES, { message: 'role must be member or manager' })
  role: GroupRole = 'member';
}
