import type { Request } from 'express';
import type { TokenScope } from '../common/decorators/required-scope.decorator';

/** What passport keeps in `request.authInfo` for a request authenticated by a bearer token. */
export interface TokenAuthInfo {
  scopes: TokenScope[];
}

/** The scopes of the token that authenticated this request; none when there was none. */
export function tokenScopesOf(request: Request): readonly TokenScope[] {
  const info: Partial<TokenAuthInfo> | undefined = request.authInfo;
  return Array.isArray(info?.scopes) ? info.scopes : [];
}
