import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { normalizeIp, ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { rateLimitConfig, RateLimitConfig } from './rate-limit.config';
import { RATE_LIMIT_STORAGE, RateLimitStorage } from './rate-limit.storage';

/**
 * Counts requests per API token, and per client address for requests without a valid token
 * (public routes, and failed authentications: see BearerAuthGuard). One budget per token for
 * all routes together, in fixed windows of `RATE_LIMIT_WINDOW_MS`. A limit of 0 turns that
 * limit off: such requests cost nothing here. Otherwise a request costs one counter update
 * (in memory, or one Redis round trip).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windowMs: number;
  private readonly windowSeconds: number;
  private readonly perToken: number;
  private readonly perAddress: number;

  constructor(
    @Inject(rateLimitConfig.KEY) config: RateLimitConfig,
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
  ) {
    ({ windowMs: this.windowMs, perToken: this.perToken, perAddress: this.perAddress } = config);
    this.windowSeconds = Math.round(this.windowMs / 1000);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const token = authenticatedToken(request);
    const limit = token ? this.perToken : this.perAddress;
    if (limit === 0) return true;
    // Same keys as earlier versions, so instances of both count together during an upgrade.
    const key = token
      ? `dms:rate-limit:default:token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`
      : `dms:rate-limit:default:address:${normalizeIp(request.ip ?? '')}`;
    const { hits, msLeft } = await this.storage.hit(key, this.windowMs);
    const secondsLeft = String(Math.max(1, Math.ceil(msLeft / 1000)));
    // Every counted answer says where the budget stands, the 429 included (none left).
    const response = http.getResponse<Response>();
    response.setHeader('X-RateLimit-Limit', String(limit));
    response.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - hits)));
    response.setHeader('X-RateLimit-Reset', secondsLeft);
    if (hits > limit) {
      response.setHeader('Retry-After', secondsLeft);
      throw new ThrottlerException(
        `rate limit exceeded: at most ${limit} requests per ${this.windowSeconds} s; ` +
          `retry in ${secondsLeft} s`,
      );
    }
    return true;
  }

  /** Charges a request whose credentials were refused to its client address. */
  async chargeUnauthenticated(context: ExecutionContext): Promise<void> {
    await this.canActivate(context);
  }
}

/** The bearer token of a request that passed authentication; undefined otherwise. */
export function authenticatedToken(request: Request): string | undefined {
  if (!request.user) return undefined;
  return request.headers.authorization?.replace(/^Bearer +/i, '');
}
