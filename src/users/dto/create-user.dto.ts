import { ApiProperty } from '@nestjs/swagger';
import { NewUserInput, USER_NAME_MAX } from './new-user.input';

/** A new user (`POST /users`, `cli users create`): the rules are `NewUserInput`'s. */
export class CreateUserDto extends NewUserInput {
  /**
   * E-mail address, unique ignoring letter case (kept trimmed and lower-cased).
   * @example "grace@example.com"
   */
  @ApiProperty({ format: 'email' })
  declare email: string;

  /**
   * First name, 1 to 100 characters after trimming.
   * @example "Grace"
   */
  @ApiProperty({ maxLength: USER_NAME_MAX, minLength: 1 })
  declare fname: string;

  /**
   * Last name, 1 to 100 characters after trimming.
   * @example "Hopper"
   */
  @ApiProperty({ maxLength: USER_NAME_MAX, minLength: 1 })
  declare lname: string;

  /**
   * An http or https image URL; without it, a Gravatar identicon of the e-mail address.
   * @example "https://example.com/grace.png"
   */
  @ApiProperty({ format: 'uri', required: false })
  declare avatar_url?: string;
}
