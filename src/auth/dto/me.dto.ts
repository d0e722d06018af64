import { ApiProperty, PickType } from '@nestjs/swagger';
import { UserDetailsDto } from '../../users/dto/user-details.dto';
import { USER_ROLES, UserRole } from '../../users/user-role';
import { TokenDto } from './token.dto';

/** The token a request came with: never its secret. */
export class CurrentTokenDto extends PickType(TokenDto, [
  'id',
  'name',
  'prefix',
  'scopes',
  'source',
  'created_at',
  'expires_at',
] as const) {}

/** Who you are to the service: your user, your role, and the token you called with. */
export class MeDto {
  user: UserDetailsDto;

  /** `admin` may use the admin routes (with a token of scope `admin`). */
  @ApiProperty({ enum: USER_ROLES, example: 'member' })
  role: UserRole;

  token: CurrentTokenDto;
}
