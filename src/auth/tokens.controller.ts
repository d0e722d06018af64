import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { paginate } from '../common/pagination';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { RequiredScope } from '../common/decorators/required-scope.decorator';
import { InvalidInput } from '../common/errors/domain-errors';
import { IdPipe } from '../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key';
import { UserProfile } from '../users/user-profile';
import { CurrentAuth } from './current-auth.decorator';
import { CreateTokenDto } from './dto/create-token.dto';
import { CreatedTokenDto, ListTokensQueryDto, TokenDto, TokenListDto } from './dto/token.dto';
import { OwnTokensService } from './own-tokens.service';
import type { TokenAuthInfo } from './token-auth-info';
import { toCreatedTokenDto, toTokenDto } from './token.mapper';

const TOKEN_ID = ApiParam({ name: 'id', description: 'The token’s id.', example: 12 });
const NO_SUCH_TOKEN = { 404: 'no such token' };

@ApiTags('tokens')
@BearerAuth()
@RequiredScope('tokens:write')
@Controller('tokens')
export class TokensController {
  constructor(private readonly tokens: OwnTokensService) {}

  @Get()
  @ApiOperation({
    operationId: 'listTokens',
    summary: 'List your tokens',
    description:
      'Your tokens, newest first, a page at a time: those that work now (`state=active`, the default) or all of them (`state=all`). Never a token’s secret. Needs a token with `tokens:write`.',
  })
  @ApiOkResponse({ description: 'One page of your tokens.', type: TokenListDto })
  @ApiErrorResponses({ 400: 'state must be one of active, all' })
  async list(
    @CurrentUser() user: UserProfile,
    @Query() query: ListTokensQueryDto,
  ): Promise<TokenListDto> {
    const found = await this.tokens.list(user, query.state === 'all', query.page, query.per_page);
    return {
      tokens: found.tokens.map(toTokenDto),
      pagination: paginate(query.page, query.per_page, found.total),
    };
  }

  @Get(':id')
  @TOKEN_ID
  @ApiOperation({
    operationId: 'getToken',
    summary: 'Get one of your tokens',
    description: 'Never its secret. Another user’s token does not exist for you (`404`).',
  })
  @ApiOkResponse({ description: 'The token.', type: TokenDto })
  @ApiErrorResponses({ 400: 'id must be a positive integer' }, NO_SUCH_TOKEN)
  async get(
    @CurrentUser() user: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
  ): Promise<TokenDto> {
    return toTokenDto(await this.tokens.get(user, id));
  }

  @Post()
  @ApiOperation({
    operationId: 'createToken',
    summary: 'Make a token',
    description:
      'A new token of yours, with at most the scopes of the token you call with (default: those, but `admin`) and for 1 to `TOKENS_MAX_DAYS` days (default 90). A token made with a token from this route may not outlive it. At most 50 active tokens a user. The answer is the only one with the token’s secret (`Cache-Control: no-store`); `Idempotency-Key` is refused, since a secret is never sent twice.',
  })
  @ApiCreatedResponse({
    description: 'The token, with its secret. Its address is in `Location`.',
    type: CreatedTokenDto,
    headers: {
      Location: { description: 'Address of the new token', schema: { type: 'string' } },
      'Cache-Control': { description: '`no-store`', schema: { type: 'string' } },
    },
  })
  @ApiErrorResponses(
    { 400: 'expires_in_days must be at most 365 (TOKENS_MAX_DAYS)' },
    {
      403: 'insufficient scope: a new token may have only the scopes of the token making it (docs:read, tokens:write); docs:write is not among them',
    },
    413,
    415,
  )
  async create(
    @CurrentUser() user: UserProfile,
    @CurrentAuth() auth: TokenAuthInfo,
    @Body() body: CreateTokenDto,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedTokenDto> {
    if (idempotencyKey !== undefined) {
      throw new InvalidInput(
        'Idempotency-Key is not accepted here: a token’s secret is never sent twice',
      );
    }
    const { stored, token } = await this.tokens.create(user, auth, {
      name: body.name,
      scopes: body.scopes,
      expiresInDays: body.expires_in_days,
    });
    response.location(`/api/v1/tokens/${stored.id}`);
    response.setHeader('Cache-Control', 'no-store');
    return toCreatedTokenDto(stored, token);
  }

  @Delete(':id')
  @TOKEN_ID
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequiredScope(['tokens:write', 'admin'])
  @ApiOperation({
    operationId: 'revokeToken',
    summary: 'Revoke a token',
    description:
      'One of yours (with `tokens:write`), or, for an admin with a token of scope `admin`, anyone’s. It stops working at once, on every instance; revoking a revoked token changes nothing (`204` again). The token you call with may revoke itself.',
  })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiErrorResponses({ 400: 'id must be a positive integer' }, NO_SUCH_TOKEN)
  revoke(
    @CurrentUser() user: UserProfile,
    @CurrentAuth() auth: TokenAuthInfo,
    @Param('id', new IdPipe('id')) id: number,
  ): Promise<void> {
    return this.tokens.revoke(user, auth, id);
  }
}
