import { ConfigType, registerAs } from '@nestjs/config';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ConfigError, IntegerBetween, readEnvironment } from '../config/environment';
import { readServerConfig } from '../config/server.config';

class MetricsVariables {
  @IntegerBetween('METRICS_PORT', 1, 65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'METRICS_HOST must not be empty' })
  METRICS_HOST?: string;
}

/** Where the metrics are served; throws ConfigError naming the first bad variable. */
export function readMetricsConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(MetricsVariables, env);
  const server = readServerConfig(env);
  if (vars.METRICS_PORT === server.port) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT: metrics are never served on the public port (got ${vars.METRICS_PORT})`,
    );
  }
  return {
    /** Prometheus metrics on their own listener; null: off (nothing is recorded). */
    listener:
      vars.METRICS_PORT === undefined
        ? null
        : { host: vars.METRICS_HOST ?? server.host, port: vars.METRICS_PORT },
  };
}

export const metricsConfig = registerAs('metrics', () => readMetricsConfig(process.env));

export type MetricsConfig = ConfigType<typeof metricsConfig>;
