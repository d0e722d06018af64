import { ApiProperty } from '@nestjs/swagger';
import { TOKEN_SCOPES, TokenScope } from '../../common/decorators/required-scope.decorator';
import { UserDetailsDto } from '../../users/dto/user-details.dto';
import { USER_ROLES, UserRole } from '../../users/user-role';
import { TOKEN_SOURCES, TokenSource } from '../token-source';

/** The token a request came with: never its secret. */
export class CurrentTokenDto {
  /**
   * The token's id.
   * @example 12
   */
  @ApiProperty({ type: 'integer' })
  id: number;

  /**
   * The name it was given.
   * @example "laptop"
   */
  name: string;

  /**
   * Its first 8 characters, to recognise it by; null for tokens made before 1.1.
   * @example "dms_k3Jq"
   */
  @ApiProperty({ type: 'string', nullable: true })
  prefix: string | null;

  /** What it may do. */
  @ApiProperty({ enum: TOKEN_SCOPES, isArray: true, example: ['docs:read', 'docs:write'] })
  scopes: TokenScope[];

  /** How it was made: by the CLI, through `POST /tokens`, or by signing in. */
  @ApiProperty({ enum: TOKEN_SOURCES, example: 'cli' })
  source: TokenSource;

  /**
   * When it was made (ISO 8601, UTC).
   * @example "2026-11-29T10:15:30.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /**
   * When it stops working; null for never.
   * @example "2027-02-27T10:15:30.000Z"
   */
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  expires_at: string | null;
}

/** Who you are to the service: your user, your role, and the token you called with. */
export class MeDto {
  user: UserDetailsDto;

  /** `admin` may use the admin routes (with a token of scope `admin`). */
  @ApiProperty({ enum: USER_ROLES, example: 'member' })
  role: UserRole;

  token: CurrentTokenDto;
}
