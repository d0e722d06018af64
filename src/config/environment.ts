import { plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';

/** Raised when an environment variable has a value the service cannot use. */
export class ConfigError extends Error {}

const integerOrOriginal = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

const booleanOrOriginal = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalised)) return true;
  if (['0', 'false', 'no', 'off'].includes(normalised)) return false;
  return value;
};

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whole numbers with a range, named in the message so an operator sees which variable is wrong. */
function IntegerBetween(name: string, min: number, max: number): PropertyDecorator {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return applyDecorators(
    IsOptional(),
    Transform(integerOrOriginal),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

const HOUR_MS = 3_600_000;
const MAX_RATE_LIMIT = 1_000_000_000;

/** The environment variables the service reads; `.env.example` documents each one. */
class EnvironmentVariables {
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'HOST must not be empty' })
  HOST?: string;

  @IntegerBetween('PORT', 0, 65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'SQLITE_PATH must not be empty' })
  SQLITE_PATH?: string;

  @IsOptional()
  @Transform(booleanOrOriginal)
  @IsIn([true, false], { message: 'SEED_DEMO_USER must be true or false' })
  SEED_DEMO_USER?: boolean;

  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @IntegerBetween('DB_CONNECT_TIMEOUT_MS', 100, HOUR_MS)
  DB_CONNECT_TIMEOUT_MS?: number;

  @IntegerBetween('DB_QUERY_TIMEOUT_MS', 100, HOUR_MS)
  DB_QUERY_TIMEOUT_MS?: number;

  @IntegerBetween('REQUEST_TIMEOUT_MS', 100, HOUR_MS)
  REQUEST_TIMEOUT_MS?: number;

  @IntegerBetween('SHUTDOWN_GRACE_MS', 0, HOUR_MS)
  SHUTDOWN_GRACE_MS?: number;

  @IntegerBetween('SHUTDOWN_DRAIN_MS', 0, HOUR_MS)
  SHUTDOWN_DRAIN_MS?: number;

  @IntegerBetween('SHUTDOWN_READY_DELAY_MS', 0, HOUR_MS)
  SHUTDOWN_READY_DELAY_MS?: number;

  @IntegerBetween('METRICS_PORT', 1, 65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'METRICS_HOST must not be empty' })
  METRICS_HOST?: string;

  @IntegerBetween('RATE_LIMIT_WINDOW_MS', 1000, HOUR_MS)
  RATE_LIMIT_WINDOW_MS?: number;

  @IntegerBetween('RATE_LIMIT_PER_TOKEN', 0, MAX_RATE_LIMIT)
  RATE_LIMIT_PER_TOKEN?: number;

  @IntegerBetween('RATE_LIMIT_PER_ADDRESS', 0, MAX_RATE_LIMIT)
  RATE_LIMIT_PER_ADDRESS?: number;

  @IntegerBetween('REVISIONS_KEEP', 1, 1_000_000)
  REVISIONS_KEEP?: number;

  @IntegerBetween('TRASH_RETENTION_DAYS', 0, 36_500)
  TRASH_RETENTION_DAYS?: number;

  @IntegerBetween('PURGE_INTERVAL_MS', 0, 7 * 24 * HOUR_MS)
  PURGE_INTERVAL_MS?: number;

  @IntegerBetween('SEARCH_SCAN_LIMIT', 0, 1_000_000)
  SEARCH_SCAN_LIMIT?: number;

  @IsOptional()
  @Transform(booleanOrOriginal)
  @IsIn([true, false], { message: 'WEBHOOKS_ALLOW_HTTP must be true or false' })
  WEBHOOKS_ALLOW_HTTP?: boolean;

  @IsOptional()
  @Transform(booleanOrOriginal)
  @IsIn([true, false], { message: 'WEBHOOKS_ALLOW_PRIVATE must be true or false' })
  WEBHOOKS_ALLOW_PRIVATE?: boolean;

  @IsOptional()
  @IsString()
  WEBHOOKS_RETRY_SCHEDULE?: string;

  @IsOptional()
  @Transform(booleanOrOriginal)
  @IsIn([true, false], { message: 'WEBHOOKS_DELIVER must be true or false' })
  WEBHOOKS_DELIVER?: boolean;

  @IntegerBetween('WEBHOOKS_POLL_MS', 10, HOUR_MS)
  WEBHOOKS_POLL_MS?: number;

  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsOptional()
  @IsString()
  WEB_CONCURRENCY?: string;
}

export type DatabaseConfig =
  { kind: 'sqlite'; path: string } | { kind: 'mysql'; url: string; database: string };

/** What express' `trust proxy` setting accepts: on/off, a hop count, or trusted addresses. */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  host: string;
  port: number;
  /** HTTP worker processes sharing the port (`WEB_CONCURRENCY`); 1 serves from this process. */
  workers: number;
  database: DatabaseConfig;
  seedDemoUser: boolean;
  logLevel: LogLevel;
  /** How long a database connection attempt and a single statement may take. */
  databaseTimeouts: { connectMs: number; queryMs: number };
  http: {
    /** Longest time a request may take, reading its body included. */
    requestTimeoutMs: number;
    /** How long in-flight requests may run on after SIGTERM. */
    shutdownGraceMs: number;
    /**
     * After SIGTERM, how long a keep-alive connection must stay idle before it is closed;
     * null: the HTTP server's keep-alive timeout.
     */
    shutdownDrainMs: number | null;
    /**
     * After SIGTERM, how long `/health/ready` answers 503 while requests are still served as
     * usual, so that a load balancer stops sending before connections are drained.
     */
    shutdownReadyDelayMs: number;
    trustProxy: TrustProxy;
    /** Origins allowed to call the API from a browser; empty: CORS off. */
    corsOrigins: string[];
  };
  /** Prometheus metrics on their own listener; null: off (nothing is recorded). */
  metrics: { host: string; port: number } | null;
  /** Requests per window; 0 turns that limit off. */
  rateLimit: { windowMs: number; perToken: number; perAddress: number; redisUrl: string | null };
  /** How many versions of each document are kept, the current one included. */
  revisionsKeep: number;
  trash: {
    /** Days a trashed document is kept before the purge job deletes it (0: at its next run). */
    retentionDays: number;
    /** How often each instance tries to run the purge job; 0: never (the CLI runs it). */
    purgeIntervalMs: number;
  };
  search: {
    /**
     * Most documents a search tests one by one (the caller's); with more, it asks the
     * full-text index. Same answers either way; only the speed differs.
     */
    scanLimit: number;
  };
  webhooks: {
    /** `http://` targets too (`WEBHOOKS_ALLOW_HTTP`); otherwise `https://` only. */
    allowHttp: boolean;
    /** Loopback, private, link-local... targets too (`WEBHOOKS_ALLOW_PRIVATE`): tests, private networks. */
    allowPrivate: boolean;
    /** The delay before each retry of a failed delivery, in milliseconds. */
    retryScheduleMs: number[];
    /** Whether this instance delivers events (`WEBHOOKS_DELIVER`); every instance writes them. */
    deliver: boolean;
    /** How often an idle dispatcher looks for due deliveries. */
    pollMs: number;
  };
}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const vars = plainToInstance(EnvironmentVariables, present);
  const [failure] = validateSync(vars, { whitelist: true });
  if (failure) {
    const message = Object.values(failure.constraints ?? {})[0];
    throw new ConfigError(
      `Invalid configuration: ${message} (got ${JSON.stringify(failure.value)})`,
    );
  }
  const config: AppConfig = {
    host: vars.HOST ?? '0.0.0.0',
    port: vars.PORT ?? 3000,
    workers: parseWorkers(vars.WEB_CONCURRENCY),
    database: vars.DATABASE_URL
      ? parseMysqlUrl(vars.DATABASE_URL)
      : { kind: 'sqlite', path: vars.SQLITE_PATH ?? './data/docs.sqlite' },
    seedDemoUser: vars.SEED_DEMO_USER ?? true,
    logLevel: vars.LOG_LEVEL ?? 'log',
    databaseTimeouts: {
      connectMs: vars.DB_CONNECT_TIMEOUT_MS ?? 5000,
      queryMs: vars.DB_QUERY_TIMEOUT_MS ?? 10_000,
    },
    http: {
      requestTimeoutMs: vars.REQUEST_TIMEOUT_MS ?? 30_000,
      shutdownGraceMs: vars.SHUTDOWN_GRACE_MS ?? 10_000,
      shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS ?? null,
      shutdownReadyDelayMs: vars.SHUTDOWN_READY_DELAY_MS ?? 5000,
      trustProxy: parseTrustProxy(vars.TRUST_PROXY),
      corsOrigins: parseCorsOrigins(vars.CORS_ORIGINS),
    },
    metrics:
      vars.METRICS_PORT === undefined
        ? null
        : { host: vars.METRICS_HOST ?? vars.HOST ?? '0.0.0.0', port: vars.METRICS_PORT },
    rateLimit: {
      windowMs: vars.RATE_LIMIT_WINDOW_MS ?? 60_000,
      perToken: vars.RATE_LIMIT_PER_TOKEN ?? 600,
      perAddress: vars.RATE_LIMIT_PER_ADDRESS ?? 300,
      redisUrl: vars.REDIS_URL ? parseRedisUrl(vars.REDIS_URL) : null,
    },
    revisionsKeep: vars.REVISIONS_KEEP ?? 100,
    trash: {
      retentionDays: vars.TRASH_RETENTION_DAYS ?? 30,
      purgeIntervalMs: vars.PURGE_INTERVAL_MS ?? 10 * 60 * 1000,
    },
    search: {
      // Measured at 100,000 documents (docs/benchmarks.md): InnoDB's full-text search costs about
      // 150 µs per match in the whole store (seconds for a common word), a scan some 30 to
      // 200 µs per document of the caller; FTS5 costs 0.2 µs per match.
      scanLimit: vars.SEARCH_SCAN_LIMIT ?? (vars.DATABASE_URL ? 20_000 : 500),
    },
    webhooks: {
      allowHttp: vars.WEBHOOKS_ALLOW_HTTP ?? false,
      allowPrivate: vars.WEBHOOKS_ALLOW_PRIVATE ?? false,
      retryScheduleMs: parseRetrySchedule(vars.WEBHOOKS_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE),
      deliver: vars.WEBHOOKS_DELIVER ?? true,
      pollMs: vars.WEBHOOKS_POLL_MS ?? 250,
    },
  };
  if (config.metrics && config.metrics.port === config.port) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT: metrics are never served on the public port (got ${config.metrics.port})`,
    );
  }
  checkWorkersFit(config, vars.WEB_CONCURRENCY);
  return config;
}

const MAX_WORKERS = 256;

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
function checkWorkersFit(config: AppConfig, given: string | undefined): void {
  if (config.workers === 1) return;
  const cpus = given?.trim().toLowerCase() === 'auto' ? ` on ${config.workers} CPUs` : '';
  const got = `(got ${JSON.stringify(given)}${cpus})`;
  if (config.database.kind === 'sqlite') {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process ${got}`,
    );
  }
  const limited = config.rateLimit.perToken > 0 || config.rateLimit.perAddress > 0;
  if (limited && config.rateLimit.redisUrl === null) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY above 1 with rate limits on needs REDIS_URL, or each worker would grant the whole budget (set REDIS_URL, or RATE_LIMIT_PER_TOKEN=0 and RATE_LIMIT_PER_ADDRESS=0) ${got}`,
    );
  }
}

/** Seven retries over about 28 hours. */
const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: HOUR_MS };
const MAX_RETRIES = 50;

/** Comma-separated durations with a unit (`5s`, `30m`, `2h`); empty: no retries. */
export function parseRetrySchedule(value: string): number[] {
  if (value.trim() === '' || value.trim().toLowerCase() === 'none') return [];
  const delays = value.split(',').map((entry) => {
    const match = /^(\d{1,6})(s|m|h)$/.exec(entry.trim());
    if (!match || Number(match[1]) === 0) {
      throw new ConfigError(
        `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE must be comma-separated durations such as 5s,5m,2h (got ${JSON.stringify(entry.trim())})`,
      );
    }
    return Number(match[1]) * DURATION_UNITS_MS[match[2]];
  });
  if (delays.length > MAX_RETRIES) {
    throw new ConfigError(
      `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE may list at most ${MAX_RETRIES} retries (got ${delays.length})`,
    );
  }
  return delays;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `false` (default), `true`, a hop count, or a comma-separated list of addresses/subnets. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  const flag = booleanOrOriginal({ value });
  if (typeof flag === 'boolean') return flag;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const ipVersion = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (ipVersion === 6 ? 128 : 32));
    if (!(PROXY_NAMES.includes(entry) || (ipVersion !== 0 && prefixOk && rest.length === 0))) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses, subnets or ${PROXY_NAMES.join('/')} (got ${JSON.stringify(entry)})`,
      );
    }
  }
  return entries;
}

/** A comma-separated allow-list of browser origins (`https://app.example.com`), or `*`. */
function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((entry) => {
    const origin = entry.trim();
    if (origin === '*') return origin;
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      !['http:', 'https:'].includes(url.protocol) ||
      url.origin !== origin.replace(/\/$/, '')
    ) {
      throw new ConfigError(
        `Invalid configuration: CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com (got ${JSON.stringify(origin)})`,
      );
    }
    return url.origin;
  });
}

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

function parseMysqlUrl(value: string): DatabaseConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('Invalid configuration: DATABASE_URL is not a valid URL');
  }
  if (url.protocol !== 'mysql:') {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL must start with mysql:// (unset it to use the embedded SQLite database)',
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL must name a database, as in mysql://user:pass@host:3306/docs',
    );
  }
  return { kind: 'mysql', url: value, database };
}
