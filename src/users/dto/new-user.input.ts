import { IsEmail, IsOptional, IsString, IsUrl } from 'class-validator';
import { CodePointLength, TrimmedString } from '../../common/validation/text-rules';

export const USER_NAME_MAX = 100;

/** An e-mail address that names a user, checked before any lookup. */
export class UserEmailInput {
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;
}

/**
 * The rules of a new user, with no HTTP or Swagger attached, so the CLI checks its arguments
 * (and every line of `users import`) before it loads Nest or opens the database.
 * `CreateUserDto` is this with its API documentation.
 */
export class NewUserInput extends UserEmailInput {
  @TrimmedString()
  @IsString()
  @CodePointLength(1, USER_NAME_MAX)
  fname: string;

  @TrimmedString()
  @IsString()
  @CodePointLength(1, USER_NAME_MAX)
  lname: string;

  @IsOptional()
  @IsString()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'avatar_url must be an http or https URL' },
  )
  avatar_url?: string;
}
