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

/** The environment variables the service reads; `.env.example` documents each one. */
class EnvironmentVariables {
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'HOST must not be empty' })
  HOST?: string;

  @IsOptional()
  @Transform(integerOrOriginal)
  @IsInt({ message: 'PORT must be an integer between 0 and 65535' })
  @Min(0, { message: 'PORT must be an integer between 0 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 0 and 65535' })
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
}

export type DatabaseConfig =
  { kind: 'sqlite'; path: string } | { kind: 'mysql'; url: string; database: string };

export interface AppConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  seedDemoUser: boolean;
  logLevel: LogLevel;
}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const vars = plainToInstance(EnvironmentVariables, present);
  const [failure] = validateSync(vars, { whitelist: true });
  if (failure) {
    const message = Object.values(failure.constraints ?? {})[0];
    throw new ConfigError(
      `Invalid configuration: ${message} (got ${JSON.stringify(failure.value)})`,
    );
  }
  return {
    host: vars.HOST ?? '0.0.0.0',
    port: vars.PORT ?? 3000,
    database: vars.DATABASE_URL
      ? parseMysqlUrl(vars.DATABASE_URL)
      : { kind: 'sqlite', path: vars.SQLITE_PATH ?? './data/docs.sqlite' },
    seedDemoUser: vars.SEED_DEMO_USER ?? true,
    logLevel: vars.LOG_LEVEL ?? 'log',
  };
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
