/**
 * What an API token may be allowed to do: read and write documents (`docs:write` always comes
 * with `docs:read`), manage its user's own tokens (`tokens:write`), use the admin routes
 * (`admin`, only for a user whose role is admin).
 */
export const TOKEN_SCOPES = ['docs:read', 'docs:write', 'tokens:write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
