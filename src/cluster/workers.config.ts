import { IsOptional, IsString } from 'class-validator';
import { availableParallelism } from 'node:os';
import { ConfigError, readEnvironment } from '../config/environment';
import { readDatabaseConfig } from '../database/database.config';
import { readRateLimitConfig } from '../rate-limit/rate-limit.config';

const MAX_WORKERS = 256;

class WorkersVariables {
  @IsOptional()
  @IsString()
  WEB_CONCURRENCY?: string;
}

/**
 * How many HTTP worker processes share the port (`WEB_CONCURRENCY`); 1 serves from this
 * process. Throws ConfigError when the value is bad or the other settings do not allow several.
 */
export function readWorkerCount(env: NodeJS.ProcessEnv): number {
  const given = readEnvironment(WorkersVariables, env).WEB_CONCURRENCY;
  const workers = parseWorkers(given);
  if (workers > 1) checkWorkersFit(env, workers, given);
  return workers;
}

/** `WEB_CONCURRENCY`: unset (1), a whole number, or `auto` for one worker per CPU. */
function parseWorkers(value: string | undefined): number {
  if (value === undefined) return 1;
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === 'auto') return availableParallelism();
  const count = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(count >= 1 && count <= MAX_WORKERS)) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY must be auto or an integer between 1 and ${MAX_WORKERS} (got ${JSON.stringify(value)})`,
    );
  }
  return count;
}

/**
 * Several workers need a database several processes can share, and limits they count
 * together: with per-process counters every worker would grant the whole budget again.
 */
function checkWorkersFit(env: NodeJS.ProcessEnv, workers: number, given: string | undefined) {
  const cpus = given?.trim().toLowerCase() === 'auto' ? ` on ${workers} CPUs` : '';
  const got = `(got ${JSON.stringify(given)}${cpus})`;
  if (readDatabaseConfig(env).connection.kind === 'sqlite') {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process ${got}`,
    );
  }
  const rateLimit = readRateLimitConfig(env);
  const limited = rateLimit.perToken > 0 || rateLimit.perAddress > 0;
  if (limited && rateLimit.redisUrl === null) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY above 1 with rate limits on needs REDIS_URL, or each worker would grant the whole budget (set REDIS_URL, or RATE_LIMIT_PER_TOKEN=0 and RATE_LIMIT_PER_ADDRESS=0) ${got}`,
    );
  }
}
