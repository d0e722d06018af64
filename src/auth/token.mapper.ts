import { toUserDetails } from '../users/user.mapper';
import { UserProfile } from '../users/user-profile';
import { MeDto } from './dto/me.dto';
import { CreatedTokenDto, TokenDto } from './dto/token.dto';
import { ApiToken } from './entities/api-token.entity';
import type { TokenAuthInfo } from './token-auth-info';
import { decodeScopes } from './token-scopes';

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** `GET /me`: the caller, their role and their token, field by field. */
export function toMe(user: UserProfile, auth: TokenAuthInfo): MeDto {
  const { token } = auth;
  return {
    user: toUserDetails(user),
    role: auth.role,
    token: {
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      scopes: [...token.scopes],
      source: token.source,
      created_at: token.createdAt.toISOString(),
      expires_at: isoOrNull(token.expiresAt),
    },
  };
}

/** A token as `/tokens` shows it, field by field: never its secret. */
export function toTokenDto(token: ApiToken): TokenDto {
  return {
    id: token.id,
    name: token.name,
    prefix: token.tokenPrefix,
    scopes: decodeScopes(token.scopes),
    source: token.source,
    created_at: token.createdAt.toISOString(),
    last_used_at: isoOrNull(token.lastUsedAt),
    expires_at: isoOrNull(token.expiresAt),
    revoked_at: isoOrNull(token.revokedAt),
  };
}

/** The answer that made a token: the only one with its secret. */
export function toCreatedTokenDto(token: ApiToken, secret: string): CreatedTokenDto {
  return { ...toTokenDto(token), token: secret };
}

/**
 * The CLI's view of a token: the same fields as `/tokens` shows, never more of the token than its
 * first 8 characters (`prefix`, null for tokens made before they were kept).
 */
export const toTokenRecord = toTokenDto;
