import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC_ROUTE } from '../common/decorators/public.decorator';
import {
  REQUIRED_SCOPE,
  requiredScope,
  RouteScope,
} from '../common/decorators/required-scope.decorator';
import { InsufficientScope, NotAnAdmin } from './auth.errors';
import { roleOf, tokenScopesOf } from './token-auth-info';

/**
 * Global guard, after authentication and the rate limit: the caller's token must hold the
 * scope the route needs. Every route is covered without saying so (GET/HEAD need `docs:read`,
 * anything else `docs:write`); `@RequiredScope()` changes that for one route (`any`: any valid
 * token). It runs before
 * pipes and handlers, so a token without the scope learns nothing from validation or lookups.
 * A request with no scopes recorded is refused: the check fails closed. Scope `admin` also
 * needs the admin role.
 */
@Injectable()
export class TokenScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const declared = this.reflector.getAllAndOverride<RouteScope | undefined>(
      REQUIRED_SCOPE,
      targets,
    );
    const needed = requiredScope(request.method, declared);
    if (needed === 'any') return request.authInfo !== undefined;
    const held = tokenScopesOf(request);
    const options = typeof needed === 'string' ? [needed] : needed;
    const granted = options.filter((scope) => held.includes(scope));
    if (granted.length === 0) throw new InsufficientScope(options[0], held);
    // The admin scope outlives a demotion: the role is read with the token on every request.
    if (granted.every((scope) => scope === 'admin') && roleOf(request) !== 'admin') {
      throw new NotAnAdmin();
    }
    return true;
  }
}
