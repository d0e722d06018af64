import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import { appConfig, AppConfigValues } from '../config/app.config';
import { authenticatedToken, RateLimitGuard } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/**
 * Request limits per token and per client address (`RATE_LIMIT_*`). With `REDIS_URL` the
 * counters live in Redis and every instance shares them; otherwise each process counts alone.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: ({ rateLimit }: AppConfigValues) => {
        const windowSeconds = Math.round(rateLimit.windowMs / 1000);
        return {
          throttlers: [
            {
              ttl: rateLimit.windowMs,
              limit: (context) =>
                authenticatedToken(context.switchToHttp().getRequest<Request>())
                  ? rateLimit.perToken
                  : rateLimit.perAddress,
            },
          ],
          errorMessage: (_context, detail) =>
            `rate limit exceeded: at most ${detail.limit} requests per ${windowSeconds} s; ` +
            `retry in ${detail.timeToBlockExpire} s`,
          storage: rateLimit.redisUrl ? new RedisThrottlerStorage(rateLimit.redisUrl) : undefined,
        };
      },
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
