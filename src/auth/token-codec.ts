import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'dms_';

/** A new API token: the prefix and 256 random bits, base64url-encoded. */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored and looked up: the SHA-256 of the token, hex-encoded. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string could be one of our tokens; anything else is refused without a lookup. */
export function looksLikeToken(value: string): boolean {
  return /^dms_[A-Za-z0-9_-]{43}$/.test(value);
}
