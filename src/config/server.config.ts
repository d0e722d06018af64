import { ConfigType, registerAs } from '@nestjs/config';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { isIP } from 'node:net';
import {
  booleanOrOriginal,
  ConfigError,
  HOUR_MS,
  IntegerBetween,
  readEnvironment,
  TrueOrFalse,
} from './environment';

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What express' `trust proxy` setting accepts: on/off, a hop count, or trusted addresses. */
export type TrustProxy = boolean | number | string[];

/** The keep-alive timeout: above the 60 s idle timeout of common load balancers. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** After SIGTERM, the silence after which an idle keep-alive connection is closed at most. */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5000;

/** The HTTP server's own variables; `.env.example` documents each one. */
class ServerVariables {
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'HOST must not be empty' })
  HOST?: string;

  @IntegerBetween('PORT', 0, 65535)
  PORT?: number;

  @TrueOrFalse('SEED_DEMO_USER')
  SEED_DEMO_USER?: boolean;

  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @IntegerBetween('REQUEST_TIMEOUT_MS', 100, HOUR_MS)
  REQUEST_TIMEOUT_MS?: number;

  @IntegerBetween('KEEP_ALIVE_TIMEOUT_MS', 1000, HOUR_MS)
  KEEP_ALIVE_TIMEOUT_MS?: number;

  @IntegerBetween('SHUTDOWN_GRACE_MS', 0, HOUR_MS)
  SHUTDOWN_GRACE_MS?: number;

  @IntegerBetween('SHUTDOWN_DRAIN_MS', 0, HOUR_MS)
  SHUTDOWN_DRAIN_MS?: number;

  @IntegerBetween('SHUTDOWN_READY_DELAY_MS', 0, HOUR_MS)
  SHUTDOWN_READY_DELAY_MS?: number;

  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;
}

/** The HTTP server's settings; throws ConfigError naming the first bad variable. */
export function readServerConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(ServerVariables, env);
  return {
    host: vars.HOST ?? '0.0.0.0',
    port: vars.PORT ?? 3000,
    /** Whether the first start on an empty SQLite file makes a demo user and token. */
    seedDemoUser: vars.SEED_DEMO_USER ?? true,
    logLevel: vars.LOG_LEVEL ?? 'log',
    http: {
      /** Longest time a request may take, reading its body included. */
      requestTimeoutMs: vars.REQUEST_TIMEOUT_MS ?? 30_000,
      /**
       * How long an idle keep-alive connection stays open: longer than a load balancer keeps
       * its idle upstream connections (60 s is common), so that the balancer, not the server,
       * closes them, and never sends a request on a connection the server is closing.
       */
      keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      /** How long in-flight requests may run on after SIGTERM. */
      shutdownGraceMs: vars.SHUTDOWN_GRACE_MS ?? 10_000,
      /**
       * After SIGTERM, how long a keep-alive connection must stay idle before it is closed;
       * null: the keep-alive timeout, at most `DEFAULT_SHUTDOWN_DRAIN_MS`.
       */
      shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS ?? null,
      /**
       * After SIGTERM, how long `/health/ready` answers 503 while requests are still served as
       * usual, so that a load balancer stops sending before connections are drained.
       */
      shutdownReadyDelayMs: vars.SHUTDOWN_READY_DELAY_MS ?? 5000,
      trustProxy: parseTrustProxy(vars.TRUST_PROXY),
      /** Origins allowed to call the API from a browser; empty: CORS off. */
      corsOrigins: parseCorsOrigins(vars.CORS_ORIGINS),
    },
  };
}

/** The HTTP server's settings; inject them with `@Inject(serverConfig.KEY)`. */
export const serverConfig = registerAs('server', () => readServerConfig(process.env));

export type ServerConfig = ConfigType<typeof serverConfig>;

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
