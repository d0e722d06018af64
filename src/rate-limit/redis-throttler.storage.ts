import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One counter per key and window: the first hit starts the window, its expiry ends it. */
const COUNT_HIT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/**
 * Rate-limit counters in Redis, so that every instance of the service counts against the same
 * limit. When Redis does not answer, requests are let through (and a warning is logged) rather
 * than failed: the limiter must not become the outage.
 */
export class RedisThrottlerStorage
  implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown
{
  private readonly logger = new Logger('RateLimit');
  private readonly redis: Redis;
  private lastWarning = 0;

  constructor(url: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    try {
      const [hits, remainingMs] = (await this.redis.eval(COUNT_HIT, 1, key, ttl)) as [
        number,
        number,
      ];
      const secondsLeft = Math.max(1, Math.ceil(remainingMs / 1000));
      const isBlocked = hits > limit;
      return {
        totalHits: hits,
        timeToExpire: secondsLeft,
        isBlocked,
        timeToBlockExpire: isBlocked ? secondsLeft : 0,
      };
    } catch (error) {
      this.warn(error as Error);
      return {
        totalHits: 0,
        timeToExpire: Math.ceil(ttl / 1000),
        isBlocked: false,
        timeToBlockExpire: 0,
      };
    }
  }

  /**
   * Waits (at most 2 s) for the connection before serving: commands are not queued while it is
   * down, so the first requests would otherwise go uncounted.
   */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      new Promise<boolean>((resolve) => this.redis.once('ready', () => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000))),
    ]);
    clearTimeout(timer);
    if (!ready) this.warn(new Error('no connection within 2 s'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** At most one warning every 10 s, however many requests hit the outage. */
  private warn(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.logger.warn(`Redis is unavailable, rate limits are not enforced: ${error.message}`);
  }
}
