import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { TokenScope } from '../common/decorators/required-scope.decorator';
import { InvalidInput } from '../common/errors/domain-errors';
import { UserProfile } from '../users/user-profile';
import { UsersService } from '../users/users.service';
import { ApiTokensRepository } from './api-tokens.repository';
import { TOKEN_PREFIX_LENGTH } from './api-tokens.service';
import { TokenOutlivesMaker, ScopeBeyondMaker, TokenNotFound, TooManyTokens } from './auth.errors';
import { ApiToken } from './entities/api-token.entity';
import type { TokenAuthInfo } from './token-auth-info';
import { generateToken, hashToken } from './token-codec';
import { encodeScopes, orderedScopes } from './token-scopes';
import { tokensConfig, TokensConfig } from './tokens.config';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewOwnToken {
  name: string;
  scopes?: TokenScope[];
  expiresInDays?: number;
}

/**
 * The tokens people manage themselves (`/tokens`): never more than the token that asks may do,
 * never longer than it lives when it was itself made through the API, and a bounded number.
 * Admins (with scope `admin`) also see and revoke anyone's.
 */
@Injectable()
export class OwnTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    @Inject(tokensConfig.KEY) private readonly config: TokensConfig,
  ) {}

  /** One page of the user's tokens, newest first: those that work now, or all. */
  list(user: UserProfile, all: boolean, page: number, perPage: number) {
    return this.pageOf(user.id, all, page, perPage);
  }

  async get(user: UserProfile, id: number): Promise<ApiToken> {
    const token = await this.tokens.findOfUser(user.id, id);
    if (!token) throw new TokenNotFound();
    return token;
  }

  /** A new token of the caller's, made with the caller's token; with its secret. */
  async create(
    user: UserProfile,
    auth: TokenAuthInfo,
    input: NewOwnToken,
  ): Promise<{ stored: ApiToken; token: string }> {
    const held = auth.token.scopes;
    const asked = input.scopes ?? held.filter((scope) => scope !== 'admin');
    const scopes = orderedScopes(asked);
    const beyond = scopes.find((scope) => !held.includes(scope));
    if (beyond !== undefined) throw new ScopeBeyondMaker(beyond, held);
    if (scopes.includes('admin') && auth.role !== 'admin')
      throw new ScopeBeyondMaker('admin', held);
    const days = input.expiresInDays ?? this.config.defaultDays;
    if (days > this.config.maxDays) {
      throw new InvalidInput(
        `expires_in_days must be at most ${this.config.maxDays} (TOKENS_MAX_DAYS)`,
      );
    }
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + days * DAY_MS);
    const makerExpiry = auth.token.expiresAt;
    if (auth.token.source === 'api' && makerExpiry !== null && expiresAt > makerExpiry) {
      throw new TokenOutlivesMaker(makerExpiry);
    }
    if ((await this.tokens.countActive(user.id, now)) >= this.config.maxActive) {
      throw new TooManyTokens(this.config.maxActive);
    }
    const token = generateToken();
    const stored = await this.tokens.insert({
      userId: user.id,
      name: input.name,
      tokenHash: hashToken(token),
      tokenPrefix: token.slice(0, TOKEN_PREFIX_LENGTH),
      scopes: encodeScopes(scopes),
      source: 'api',
      createdAt: now,
      lastUsedAt: null,
      expiresAt,
      revokedAt: null,
    });
    return { stored, token };
  }

  /**
   * Revokes a token at once: one of the caller's, or, for an admin calling with scope `admin`,
   * anyone's. One already revoked stays as it is.
   */
  async revoke(user: UserProfile, auth: TokenAuthInfo, id: number): Promise<void> {
    const asAdmin = auth.role === 'admin' && auth.token.scopes.includes('admin');
    const token = asAdmin
      ? await this.tokens.findById(id)
      : await this.tokens.findOfUser(user.id, id);
    if (!token) throw new TokenNotFound();
    await this.tokens.revokeById(id, this.clock.now());
  }

  /** One page of any user's tokens (for admins), newest first: those that work now, or all. */
  async listOfUser(userId: number, all: boolean, page: number, perPage: number) {
    await this.users.getById(userId);
    return this.pageOf(userId, all, page, perPage);
  }

  private pageOf(userId: number, all: boolean, page: number, perPage: number) {
    const activeAt = all ? null : this.clock.now();
    return this.tokens.pageOfUser(userId, activeAt, (page - 1) * perPage, perPage);
  }
}
