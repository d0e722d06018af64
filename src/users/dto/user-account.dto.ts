import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, ValidateIf } from 'class-validator';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { PageQueryDto } from '../../common/dto/page-query.dto';
import { ApiSchemaExtras } from '../../common/swagger/api-schema-extras.decorator';
import { givenOnce } from '../../common/validation/page-query';
import { CodePointLength } from '../../common/validation/text-rules';
import { USER_ROLES, UserRole } from '../user-role';
import { UserDetailsDto } from './user-details.dto';

/** A user as admins see them: their details, role and whether they may use the service. */
export class UserAccountDto extends UserDetailsDto {
  /** `admin` may use the admin routes (with a token of scope `admin`). */
  @ApiProperty({ enum: USER_ROLES, example: 'member' })
  role: UserRole;

  /**
   * False: the user's tokens were revoked and they may not sign in; their documents, shares and
   * memberships stay.
   * @example true
   */
  active: boolean;

  /**
   * When the user was made (ISO 8601, UTC).
   * @example "2026-11-29T10:15:30.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class UserAccountListDto {
  /** A page of users, by e-mail. */
  users: UserAccountDto[];

  pagination: PaginationDto;
}

export class ListUsersQueryDto extends PageQueryDto {
  /**
   * Only users whose e-mail, first name or last name begins with this (letter case ignored);
   * empty: every user.
   */
  @ApiProperty({ required: false, maxLength: 320 })
  @IsOptional()
  @Transform((params) => {
    const value = givenOnce(params);
    return typeof value === 'string' ? value.trim() : value;
  })
  @IsString()
  @CodePointLength(0, 320)
  q?: string;
}

/** At least one of `role` and `active` (the controller checks); the other keeps its value. */
@ApiSchemaExtras({
  anyOf: [
    { type: 'object', required: ['role'], properties: { role: { type: 'string' } } },
    { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } },
  ],
})
export class UpdateUserDto {
  /** The user's new role. */
  @ApiProperty({ enum: USER_ROLES, required: false, example: 'admin' })
  @ValidateIf((body: UpdateUserDto) => body.role !== undefined)
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  /**
   * `false` revokes every token of the user and refuses their sign-in; `true` lets them sign in
   * again (their revoked tokens stay revoked).
   * @example false
   */
  @ValidateIf((body: UpdateUserDto) => body.active !== undefined)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
