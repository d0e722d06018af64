import { ConfigType, registerAs } from '@nestjs/config';
import { IsOptional, IsString } from 'class-validator';
import { ConfigError, HOUR_MS, IntegerBetween, readEnvironment } from '../config/environment';

const MAX_RATE_LIMIT = 1_000_000_000;

class RateLimitVariables {
  @IntegerBetween('RATE_LIMIT_WINDOW_MS', 1000, HOUR_MS)
  RATE_LIMIT_WINDOW_MS?: number;

  @IntegerBetween('RATE_LIMIT_PER_TOKEN', 0, MAX_RATE_LIMIT)
  RATE_LIMIT_PER_TOKEN?: number;

  @IntegerBetween('RATE_LIMIT_PER_ADDRESS', 0, MAX_RATE_LIMIT)
  RATE_LIMIT_PER_ADDRESS?: number;

  @IsOptional()
  @IsString()
  REDIS_URL?: string;
}

/** The request limits; throws ConfigError naming the first bad variable. */
export function readRateLimitConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(RateLimitVariables, env);
  return {
    windowMs: vars.RATE_LIMIT_WINDOW_MS ?? 60_000,
    /** Requests per window and token; 0 turns that limit off. */
    perToken: vars.RATE_LIMIT_PER_TOKEN ?? 600,
    /** Requests per window and client address; 0 turns that limit off. */
    perAddress: vars.RATE_LIMIT_PER_ADDRESS ?? 300,
    /** Where every instance counts together; null: each process counts alone. */
    redisUrl: vars.REDIS_URL ? parseRedisUrl(vars.REDIS_URL) : null,
  };
}

export const rateLimitConfig = registerAs('rateLimit', () => readRateLimitConfig(process.env));

export type RateLimitConfig = ConfigType<typeof rateLimitConfig>;

function parseRedisUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('Invalid configuration: REDIS_URL is not a valid URL');
  }
  if (!['redis:', 'rediss:'].includes(url.protocol)) {
    throw new ConfigError('Invalid configuration: REDIS_URL must start with redis:// or rediss://');
  }
  return value;
}
