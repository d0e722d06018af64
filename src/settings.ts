import { readTokensConfig, TokensConfig } from './auth/tokens.config';
import { readWorkerCount } from './cluster/workers.config';
import { readServerConfig, ServerConfig } from './config/server.config';
import { DatabaseConnection, DatabaseLimits, readDatabaseConfig } from './database/database.config';
import { readRevisionsConfig } from './docs/revisions/revisions.config';
import { readTrashConfig, TrashConfig } from './docs/trash/trash.config';
import { MetricsConfig, readMetricsConfig } from './metrics/metrics.config';
import { RateLimitConfig, readRateLimitConfig } from './rate-limit/rate-limit.config';
import { readSignInConfig, SignInSettings } from './sign-in/sign-in.config';
import { readWebhooksConfig, WebhooksConfig } from './webhooks/webhooks.config';

/**
 * Every setting of the service: the HTTP server's and each feature's. Each module registers
 * and injects its own (`<feature>.config.ts`); this whole is for the entry points, which check
 * the environment before anything starts.
 */
export interface AppConfig extends ServerConfig {
  /** HTTP worker processes sharing the port (`WEB_CONCURRENCY`); 1 serves from this process. */
  workers: number;
  database: DatabaseConnection;
  databaseLimits: DatabaseLimits;
  metrics: MetricsConfig['listener'];
  rateLimit: RateLimitConfig;
  /** How many versions of each document are kept, the current one included. */
  revisionsKeep: number;
  trash: TrashConfig;
  webhooks: WebhooksConfig;
  tokens: TokensConfig;
  /** Sign-in through an identity provider; null when it is off. */
  signIn: SignInSettings | null;
}

/**
 * Reads and validates the whole environment, the HTTP server's variables first and then each
 * feature's; throws ConfigError naming the first bad variable.
 */
export function parseEnvironment(env: NodeJS.ProcessEnv): AppConfig {
  const server = readServerConfig(env);
  const database = readDatabaseConfig(env);
  const metrics = readMetricsConfig(env);
  const rateLimit = readRateLimitConfig(env);
  const revisions = readRevisionsConfig(env);
  const trash = readTrashConfig(env);
  const webhooks = readWebhooksConfig(env);
  const tokens = readTokensConfig(env);
  const signIn = readSignInConfig(env);
  const workers = readWorkerCount(env);
  return {
    ...server,
    workers,
    database: database.connection,
    databaseLimits: database.limits,
    metrics: metrics.listener,
    rateLimit,
    revisionsKeep: revisions.keep,
    trash,
    webhooks,
    tokens,
    signIn,
  };
}
