import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { rateLimitConfig, RateLimitConfig } from './rate-limit.config';
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
  imports: [ConfigModule.forFeature(rateLimitConfig)],
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [rateLimitConfig.KEY],
      useFactory: ({ redisUrl }: RateLimitConfig) =>
        redisUrl ? new RedisRateLimitStorage(redisUrl) : new MemoryRateLimitStorage(),
    },
    RateLimitGuard,
  ],
  // The settings too (ConfigModule): AppModule builds the global guard (APP_GUARD) as a
  // RateLimitGuard of its own, which needs them there.
  exports: [RATE_LIMIT_STORAGE, RateLimitGuard, ConfigModule],
})
export class RateLimitModule {}
