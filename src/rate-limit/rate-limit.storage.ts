import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';

/** Requests counted in the current window of a key, and how long until that window ends. */
export interface WindowCount {
  hits: number;
  msLeft: number;
}

/**
 * Fixed-window request counters: the first request of a key starts its window, which lasts
 * `windowMs`; the next request after that starts a new one. O(1) per request.
 */
export interface RateLimitStorage {
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

/** Counters of this process alone (one instance, or no Redis). */
export class MemoryRateLimitStorage implements RateLimitStorage, OnApplicationShutdown {
  private readonly windows = new Map<string, { hits: number; endsAt: number }>();
  private sweeper: NodeJS.Timeout | undefined;

  hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      // Ended windows are forgotten once a window, so idle keys do not pile up.
      this.sweeper ??= setInterval(() => this.forgetEnded(), windowMs).unref();
    }
    window.hits += 1;
    return Promise.resolve({ hits: window.hits, msLeft: window.endsAt - now });
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private forgetEnded(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

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

type CountingRedis = Redis & {
  countHit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Counters in Redis, so that every instance of the service counts against the same limit: one
 * round trip per request (the script runs by its hash, EVALSHA; ioredis sends it once). When
 * Redis does not answer, requests are let through (and a warning is logged) rather than
 * failed: the limiter must not become the outage.
 */
export class RedisRateLimitStorage
  implements RateLimitStorage, OnModuleInit, OnApplicationShutdown
{
  private readonly logger = new Logger('RateLimit');
  private readonly redis: CountingRedis;
  private lastWarning = 0;

  constructor(url: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 2000,
    }) as CountingRedis;
    this.redis.defineCommand('countHit', { numberOfKeys: 1, lua: COUNT_HIT });
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    try {
      const [hits, msLeft] = await this.redis.countHit(key, windowMs);
      return { hits, msLeft };
    } catch (error) {
      this.warn(error as Error);
      return { hits: 0, msLeft: windowMs };
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
