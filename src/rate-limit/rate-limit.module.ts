import { Global, Module } from '@nestjs/common';
import { appConfig, AppConfigValues } from '../config/app.config';
import { RateLimitGuard } from './rate-limit.guard';
import {
  MemoryRateLimitStorage,
  RATE_LIMIT_STORAGE,
  RedisRateLimitStorage,
} from './rate-limit.storage';

/**
 * Request limits per token and per client address (`RATE_LIMIT_*`). With `REDIS_URL` the
 * counters live in Redis and every instance shares them; otherwise each process counts alone.
 */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [appConfig.KEY],
      useFactory: ({ rateLimit }: AppConfigValues) =>
        rateLimit.redisUrl
          ? new RedisRateLimitStorage(rateLimit.redisUrl)
          : new MemoryRateLimitStorage(),
    },
    RateLimitGuard,
  ],
  exports: [RATE_LIMIT_STORAGE, RateLimitGuard],
})
export class RateLimitModule {}
