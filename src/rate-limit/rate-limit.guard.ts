import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  getOptionsToken,
  getStorageToken,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  ThrottlerStorage,
  type ThrottlerLimitDetail,
} from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Counts requests per API token, and per client address for requests without a valid token
 * (public routes, and failed authentications: see BearerAuthGuard). One budget per token for
 * all routes together. A limit of 0 turns that limit off.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    reflector: Reflector,
  ) {
    super(options, storage, reflector);
  }

  /** Charges a request whose credentials were refused to its client address. */
  async chargeUnauthenticated(context: ExecutionContext): Promise<void> {
    await this.canActivate(context);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    if (request.limit === 0) return true;
    return super.handleRequest(request);
  }

  /**
   * The refusal carries the same `X-RateLimit-*` headers as every counted answer (the
   * throttler sets only `Retry-After` here): none left, and when the budget comes back.
   */
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('X-RateLimit-Limit', detail.limit);
    response.setHeader('X-RateLimit-Remaining', 0);
    response.setHeader('X-RateLimit-Reset', detail.timeToBlockExpire);
    return super.throwThrottlingException(context, detail);
  }

  protected override async getTracker(request: Request): Promise<string> {
    const token = authenticatedToken(request);
    if (token) return `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
    return `address:${await super.getTracker(request)}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string) {
    return `dms:rate-limit:${name}:${tracker}`;
  }
}

/** The bearer token of a request that passed authentication; undefined otherwise. */
export function authenticatedToken(request: Request): string | undefined {
  if (!request.user) return undefined;
  return request.headers.authorization?.replace(/^Bearer +/i, '');
}
