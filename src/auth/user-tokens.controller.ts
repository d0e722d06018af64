import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiredScope } from '../common/decorators/required-scope.decorator';
import { paginate } from '../common/pagination';
import { IdPipe } from '../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { ADMINS_ONLY, NO_SUCH_USER, USER_ID_PARAM } from '../users/user-api-params';
import { ListTokensQueryDto, TokenListDto } from './dto/token.dto';
import { OwnTokensService } from './own-tokens.service';
import { toTokenDto } from './token.mapper';

/** An admin's view of a user's tokens (revoking one is `DELETE /tokens/{id}`). */
@ApiTags('users')
@BearerAuth()
@RequiredScope('admin')
@Controller('users/:id/tokens')
export class UserTokensController {
  constructor(private readonly tokens: OwnTokensService) {}

  @Get()
  @USER_ID_PARAM
  @ApiOperation({
    operationId: 'listUserTokens',
    summary: 'List a user’s tokens (admins)',
    description:
      'As `GET /tokens` shows yours: newest first, those that work now (`state=active`, the default) or all. Never a secret.',
  })
  @ApiOkResponse({ description: 'One page of the user’s tokens.', type: TokenListDto })
  @ApiErrorResponses({ 400: 'state must be one of active, all' }, ADMINS_ONLY, NO_SUCH_USER)
  async list(
    @Param('id', new IdPipe('id')) id: number,
    @Query() query: ListTokensQueryDto,
  ): Promise<TokenListDto> {
    const all = query.state === 'all';
    const found = await this.tokens.listOfUser(id, all, query.page, query.per_page);
    return {
      tokens: found.tokens.map(toTokenDto),
      pagination: paginate(query.page, query.per_page, found.total),
    };
  }
}
