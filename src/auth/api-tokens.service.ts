import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { TokenScope } from '../common/decorators/required-scope.decorator';
import { InvalidInput } from '../common/errors/domain-errors';
import { UserProfile } from '../users/user-profile';
import { UserRole } from '../users/user-role';
import { UsersService } from '../users/users.service';
import { ApiTokensRepository } from './api-tokens.repository';
import { InvalidToken, TokenNotFound } from './auth.errors';
import { ApiToken } from './entities/api-token.entity';
import { generateToken, hashToken, looksLikeToken } from './token-codec';
import { checkTokenRequest } from './token-request';
import { decodeScopes, encodeScopes } from './token-scopes';
import { TokenSource } from './token-source';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recording when a token was last used costs a write, so it is done at most once a minute. */
export const LAST_USED_RESOLUTION_MS = 60 * 1000;
/** Tokens whose last write this process remembers; beyond that it forgets them all. */
const REMEMBERED_TOKENS = 10_000;

export interface IssueTokenInput {
  email: string;
  name?: string;
  expiresInDays?: number;
  /**
   * Scopes, each entry one or several comma-separated; default `docs:read docs:write`. `admin`
   * only for a user whose role is admin.
   */
  scopes?: string[];
}

/** How many leading characters of a token are kept to recognise it by: `dms_` and 4 more. */
export const TOKEN_PREFIX_LENGTH = 8;

/** The token a request came with, as `GET /me` shows it (never its secret). */
export interface CallerToken {
  id: number;
  name: string;
  prefix: string | null;
  scopes: TokenScope[];
  source: TokenSource;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Who is calling, with their role, and the token they called with. */
export interface AuthenticatedCaller {
  user: UserProfile;
  role: UserRole;
  scopes: TokenScope[];
  token: CallerToken;
}

export interface IssuedToken {
  token: string;
  id: number;
  name: string;
  userId: number;
  scopes: TokenScope[];
  expiresAt: Date | null;
}

@Injectable()
export class ApiTokensService {
  /**
   * When this process last wrote each token's last-used time: requests that arrive together
   * all read the old time from the database, and only the first of them may write.
   */
  private readonly lastRecorded = new Map<number, number>();

  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /**
   * The user a token acts for and its scopes; throws InvalidToken for unknown, revoked or
   * expired tokens. One indexed lookup, never cached (a revoked token is refused on the next
   * request), plus at most one write per token and minute recording its use.
   */
  async authenticate(token: string): Promise<AuthenticatedCaller> {
    if (!looksLikeToken(token)) throw new InvalidToken();
    const found = await this.tokens.findWithUserByHash(hashToken(token));
    if (!found) throw new InvalidToken();
    const now = this.clock.now();
    if (found.revokedAt) throw new InvalidToken('bearer token has been revoked');
    if (found.expiresAt && found.expiresAt <= now)
      throw new InvalidToken('bearer token has expired');
    if (!found.active) throw new InvalidToken("bearer token's user has been deactivated");
    if (this.claimLastUsedWrite(found.tokenId, found.lastUsedAt, now)) {
      await this.tokens.recordUse(found.tokenId, now, LAST_USED_RESOLUTION_MS);
    }
    const scopes = decodeScopes(found.scopes);
    return {
      user: found.user,
      role: found.role,
      scopes,
      token: {
        id: found.tokenId,
        name: found.name,
        prefix: found.prefix,
        scopes,
        source: found.source,
        createdAt: found.createdAt,
        expiresAt: found.expiresAt,
      },
    };
  }

  private claimLastUsedWrite(tokenId: number, lastUsedAt: Date | null, now: Date): boolean {
    const time = now.getTime();
    const stale = (at: number | undefined) =>
      at === undefined || time - at >= LAST_USED_RESOLUTION_MS;
    if (!stale(lastUsedAt?.getTime()) || !stale(this.lastRecorded.get(tokenId))) return false;
    if (this.lastRecorded.size >= REMEMBERED_TOKENS) this.lastRecorded.clear();
    this.lastRecorded.set(tokenId, time);
    return true;
  }

  async issue(input: IssueTokenInput): Promise<IssuedToken> {
    const { name, expiresInDays: days, scopes } = checkTokenRequest(input);
    const user = await this.users.getByEmail(input.email);
    if (scopes.includes('admin') && user.role !== 'admin') {
      throw new InvalidInput(
        `the admin scope is for admins only; ${user.email} is a member ` +
          '(users set-role --email E --role admin makes an admin)',
      );
    }
    const token = generateToken();
    const now = this.clock.now();
    const expiresAt = days === undefined ? null : new Date(now.getTime() + days * DAY_MS);
    const stored = await this.tokens.insert({
      userId: user.id,
      name,
      tokenHash: hashToken(token),
      tokenPrefix: token.slice(0, TOKEN_PREFIX_LENGTH),
      scopes: encodeScopes(scopes),
      source: 'cli',
      createdAt: now,
      lastUsedAt: null,
      expiresAt,
      revokedAt: null,
    });
    return { token, id: stored.id, name, userId: user.id, scopes, expiresAt };
  }

  /**
   * A token for a person who signed in (source `sign-in`), in the caller's transaction: the
   * `access_token` of the service's own OAuth endpoints.
   */
  async issueForSignIn(
    manager: EntityManager,
    input: { userId: number; name: string; scopes: TokenScope[]; lifetimeMs: number },
  ): Promise<{ token: string; id: number; expiresAt: Date }> {
    const token = generateToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + input.lifetimeMs);
    const stored = await this.tokens.insert(
      {
        userId: input.userId,
        name: input.name,
        tokenHash: hashToken(token),
        tokenPrefix: token.slice(0, TOKEN_PREFIX_LENGTH),
        scopes: encodeScopes(input.scopes),
        source: 'sign-in',
        createdAt: now,
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
      },
      manager,
    );
    return { token, id: stored.id, expiresAt };
  }

  /** Revokes a token by its id, at once; one already revoked stays as it is. */
  async revokeById(tokenId: number): Promise<void> {
    await this.tokens.revokeById(tokenId, this.clock.now());
  }

  /** Revokes the token with this secret if there is one (RFC 7009: nothing to say otherwise). */
  async revokeIfKnown(token: string): Promise<void> {
    if (!looksLikeToken(token)) return;
    await this.tokens.revokeByHash(hashToken(token), this.clock.now());
  }

  /** Every token of the user with this e-mail, oldest first. */
  async listForUser(email: string): Promise<ApiToken[]> {
    const user = await this.users.getByEmail(email);
    return this.tokens.findByUser(user.id);
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = hashToken(token.trim());
    if (await this.tokens.revokeByHash(tokenHash, this.clock.now())) return;
    if (!(await this.tokens.existsByHash(tokenHash))) throw new TokenNotFound();
    // Already revoked: revoking again changes nothing.
  }
}
