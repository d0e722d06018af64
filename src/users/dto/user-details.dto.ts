import { ApiProperty } from '@nestjs/swagger';
/** A user as shown inside a document's `user_docs`. */
export class UserDetailsDto {
  /**
   * The user's id.
   * @example 1
   */
  @ApiProperty({ type: 'integer' })
  id: number;

  /**
   * First name.
   * @example "Ada"
   */
  fname: string;

  /**
   * Last name.
   * @example "Lovelace"
   */
  lname: string;

  /**
   * E-mail address, lower-cased.
   * @example "ada@example.com"
   */
  @ApiProperty({ format: 'email' })
  email: string;

  /**
   * The user's avatar, or a Gravatar identicon derived from the e-mail address.
   * @example "https://www.gravatar.com/avatar/2f1c4e5a1b0b1c6d5f9ad2f0a4b5e8c2d3f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0?d=identicon"
   */
  @ApiProperty({ format: 'uri' })
  avatar_url: string;
}
