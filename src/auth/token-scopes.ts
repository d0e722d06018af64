import { InvalidInput } from '../common/errors/domain-errors';
import { TOKEN_SCOPES, TokenScope } from '../common/token-scope-list';

const isTokenScope = (value: string): value is TokenScope =>
  (TOKEN_SCOPES as readonly string[]).includes(value);

/** What a token made without a choice of scopes may do (the CLI's default, as in 1.1). */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = ['docs:read', 'docs:write'];

/**
 * The scopes a new token gets from what was asked for: each entry one scope or several
 * separated by commas; nothing asked means `defaults`. `docs:write` brings `docs:read`, so the
 * result is always a complete set, in the order of TOKEN_SCOPES.
 */
export function grantedScopes(
  requested: readonly string[] | undefined,
  defaults: readonly TokenScope[] = DEFAULT_TOKEN_SCOPES,
): TokenScope[] {
  if (requested === undefined || requested.length === 0) return orderedScopes(defaults);
  const wanted = new Set<TokenScope>();
  for (const word of requested.flatMap((entry) => entry.split(','))) {
    const scope = word.trim();
    if (!isTokenScope(scope)) {
      throw new InvalidInput(
        `unknown scope ${JSON.stringify(scope)}: scope must be one of ${TOKEN_SCOPES.join(', ')}`,
      );
    }
    wanted.add(scope);
  }
  return orderedScopes([...wanted]);
}

/** Scopes as a complete set (`docs:write` brings `docs:read`), in the order of TOKEN_SCOPES. */
export function orderedScopes(scopes: readonly TokenScope[]): TokenScope[] {
  const wanted = new Set(scopes);
  if (wanted.has('docs:write')) wanted.add('docs:read');
  return TOKEN_SCOPES.filter((scope) => wanted.has(scope));
}

/** How scopes are stored: space-separated, as OAuth 2.0 writes a `scope` value. */
export function encodeScopes(scopes: readonly TokenScope[]): string {
  return scopes.join(' ');
}

/** Stored scopes back as a list; a word this version does not know grants nothing. */
export function decodeScopes(stored: string): TokenScope[] {
  return stored.split(' ').filter(isTokenScope);
}
