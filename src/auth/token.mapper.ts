import { ApiToken } from './entities/api-token.entity';
import { decodeScopes } from './token-scopes';

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The CLI's view of a token: never more of the token than its first 8 characters (`prefix`),
 * which is null for tokens made before they were kept.
 */
export function toTokenRecord(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    prefix: token.tokenPrefix,
    scopes: decodeScopes(token.scopes),
    created_at: token.createdAt.toISOString(),
    last_used_at: isoOrNull(token.lastUsedAt),
    expires_at: isoOrNull(token.expiresAt),
    revoked_at: isoOrNull(token.revokedAt),
  };
}
