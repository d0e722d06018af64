import { IsEmail, IsOptional, IsString, IsUrl } from 'class-validator';
import { CodePointLength, TrimmedString } from '../../common/validation/text-rules';

/** Input of `cli users create`. */
export class CreateUserDto {
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @TrimmedString()
  @IsString()
  @CodePointLength(1, 100)
  fname: string;

  @TrimmedString()
  @IsString()
  @CodePointLength(1, 100)
  lname: string;

  @IsOptional()
  @IsString()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'avatar_url must be an http or https URL' },
  )
  avatar_url?: string;
}
