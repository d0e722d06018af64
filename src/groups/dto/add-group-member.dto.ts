import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, ValidateIf } from 'class-validator';
import { TrimmedString } from '../../common/validation/text-rules';
import { GROUP_ROLES, type GroupRole } from '../group-roles';

export class AddGroupMemberDto {
  /**
   * E-mail address of the user to add (any letter case).
   * @example "grace@example.com"
   */
  @ApiProperty({ format: 'email' })
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  /**
   * `member`, or `manager` (may change the group and its members). A user already in the group
   * gets this role instead of theirs.
   * @example "member"
   */
  @ApiProperty({ enum: GROUP_ROLES, default: 'member', required: false })
  @ValidateIf((body: AddGroupMemberDto) => body.role !== undefined)
  @IsIn(GROUP_ROLES, { message: 'role must be member or manager' })
  role: GroupRole = 'member';
}
