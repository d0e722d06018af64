import { RequestMethod, SetMetadata } from '@nestjs/common';
import type { TokenScope } from '../token-scope-list';

export { TOKEN_SCOPES, type TokenScope } from '../token-scope-list';

/**
 * What a route may need: one scope, any of several (`['tokens:write', 'admin']`), or any valid
 * token (`any`: a route about the token itself).
 */
export type RouteScope = TokenScope | readonly TokenScope[] | 'any';

export const REQUIRED_SCOPE = 'requiredScope';

/**
 * Declares the scope a route needs when the rule by HTTP method is wrong for it, e.g. a search
 * sent as POST that changes nothing: `@RequiredScope('docs:read')`. Without it, GET and HEAD
 * need `docs:read` and every other method `docs:write`, so a new write route is protected
 * without anyone remembering to say so.
 */
export const RequiredScope = (scope: RouteScope) => SetMetadata(REQUIRED_SCOPE, scope);

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The scope a request needs: the route's declared one, else read for GET/HEAD, else write. */
export function requiredScope(httpMethod: string, declared: RouteScope | undefined): RouteScope {
  if (declared) return declared;
  return READ_METHODS.has(httpMethod.toUpperCase()) ? 'docs:read' : 'docs:write';
}

/** The same rule for a route's declared method (`@Get`, `@Post`, ...), as Swagger documents it. */
export function requiredScopeOfRoute(
  method: RequestMethod | undefined,
  declared: RouteScope | undefined,
): RouteScope {
  const name = method === undefined ? 'ALL' : RequestMethod[method];
  return requiredScope(name, declared);
}
