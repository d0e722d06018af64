import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { RequiredScope } from '../common/decorators/required-scope.decorator';
import { BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { CurrentAuth } from './current-auth.decorator';
import { MeDto } from './dto/me.dto';
import { toMe } from './token.mapper';
import type { TokenAuthInfo } from './token-auth-info';

@ApiTags('tokens')
@BearerAuth()
@Controller('me')
export class MeController {
  @Get()
  @RequiredScope('any')
  @ApiOperation({
    operationId: 'getMe',
    summary: 'Who you are',
    description:
      'Your user, your role, and the token you called with (never its secret). Any valid token may ask, whatever its scopes.',
  })
  @ApiOkResponse({ description: 'You and your token.', type: MeDto })
  get(@CurrentUser() user: UserProfile, @CurrentAuth() auth: TokenAuthInfo): MeDto {
    return toMe(user, auth);
  }
}
