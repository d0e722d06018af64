import { InvalidInput } from '../common/errors/domain-errors';
import type { TokenScope } from '../common/token-scope-list';
import { grantedScopes } from './token-scopes';

/** The longest a CLI token may live, in days (about ten years). */
export const CLI_TOKEN_MAX_DAYS = 3650;

/** A CLI token's name, lifetime and scopes, checked. */
export interface TokenRequest {
  name: string;
  expiresInDays?: number;
  scopes: TokenScope[];
}

/**
 * Checks what the CLI's `tokens create` asks for, before the database is opened: a name of 1 to
 * 100 characters (default `default`), 1 to 3650 days or none, known scopes (default
 * `docs:read docs:write`).
 */
export function checkTokenRequest(input: {
  name?: string;
  expiresInDays?: number;
  scopes?: string[];
}): TokenRequest {
  const name = (input.name ?? 'default').trim();
  if (name.length === 0 || [...name].length > 100) {
    throw new InvalidInput('name must be 1 to 100 characters');
  }
  const days = input.expiresInDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= CLI_TOKEN_MAX_DAYS)) {
    throw new InvalidInput(
      `expires-in-days must be an integer between 1 and ${CLI_TOKEN_MAX_DAYS}`,
    );
  }
  return { name, expiresInDays: days, scopes: grantedScopes(input.scopes) };
}
