import type { Request } from 'express';
import type { TokenScope } from '../common/decorators/required-scope.decorator';
import type { UserRole } from '../users/user-role';
import type { CallerToken } from './api-tokens.service';

/** What passport keeps in `request.authInfo` for a request authenticated by a bearer token. */
export interface TokenAuthInfo {
  scopes: TokenScope[];
  role: UserRole;
  token: CallerToken;
}

/** The scopes of the token that authenticated this request; none when there was none. */
export function tokenScopesOf(request: Request): readonly TokenScope[] {
  const info: Partial<TokenAuthInfo> | undefined = request.authInfo;
  return Array.isArray(info?.scopes) ? info.scopes : [];
}

/** The role of the user whose token authenticated this request; none without one. */
export function roleOf(request: Request): UserRole | undefined {
  const info: Partial<TokenAuthInfo> | undefined = request.authInfo;
  return info?.role;
}
