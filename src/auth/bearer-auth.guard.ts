import { ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { IS_PUBLIC_ROUTE } from '../common/decorators/public.decorator';
import { Unauthenticated } from '../common/errors/domain-errors';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { InvalidToken, MissingToken } from './auth.errors';

const BEARER_HEADER = /^Bearer +\S+$/i;

/**
 * Global guard: every route needs `Authorization: Bearer <token>` unless marked `@Public()`.
 * Tokens are taken from the header only (never from the query string, where they would
 * end up in logs). Refused credentials count against the client address's rate limit, so
 * guessing tokens is throttled like any other unauthenticated traffic.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly rateLimit?: RateLimitGuard,
  ) {
    super({ session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    try {
      const header = context.switchToHttp().getRequest<Request>().headers.authorization;
      if (!header || !/^Bearer(\s|$)/i.test(header)) throw new MissingToken();
      if (!BEARER_HEADER.test(header)) throw new InvalidToken('malformed bearer token');
      return (await super.canActivate(context)) as boolean;
    } catch (error) {
      if (error instanceof Unauthenticated) await this.rateLimit?.chargeUnauthenticated(context);
      throw error;
    }
  }

  override handleRequest<TUser>(error: Error | null, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new InvalidToken();
    return user;
  }
}
