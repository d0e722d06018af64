import { ConfigType, registerAs } from '@nestjs/config';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ConfigError, HOUR_MS, IntegerBetween, readEnvironment } from '../config/environment';

/** Where the data lives: the embedded SQLite file, or a MySQL database. */
export type DatabaseConnection =
  | { kind: 'sqlite'; path: string; cacheMb?: number }
  | { kind: 'mysql'; url: string; database: string };

/**
 * SQLite's page cache, in MiB (SQLite's own default is 2). A search reads the postings of every
 * document of the caller: a member of 10,000 documents reads 40 to 80 MB of pages, which a
 * small cache reads again from the file on every search (see docs/operations.md).
 */
export const DEFAULT_SQLITE_CACHE_MB = 128;

/** How long a database connection attempt and a single statement may take, and what a connection keeps. */
export interface DatabaseLimits {
  connectMs: number;
  queryMs: number;
  /** MySQL: prepared statements kept per connection (`DEFAULT_PREPARED_STATEMENTS_PER_CONNECTION`). */
  preparedStatements?: number;
}

/**
 * Prepared statements each MySQL connection keeps, the least recently used closed first: the
 * service's hot statements stay prepared, and a server holds at most this many per connection
 * (pool x workers x instances connections; see docs/operations.md, "Prepared statements").
 */
export const DEFAULT_PREPARED_STATEMENTS_PER_CONNECTION = 64;

class DatabaseVariables {
  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'SQLITE_PATH must not be empty' })
  SQLITE_PATH?: string;

  @IntegerBetween('SQLITE_CACHE_MB', 1, 65_536)
  SQLITE_CACHE_MB?: number;

  @IntegerBetween('DB_CONNECT_TIMEOUT_MS', 100, HOUR_MS)
  DB_CONNECT_TIMEOUT_MS?: number;

  @IntegerBetween('DB_QUERY_TIMEOUT_MS', 100, HOUR_MS)
  DB_QUERY_TIMEOUT_MS?: number;

  @IntegerBetween('DB_PREPARED_STATEMENTS', 1, 16_382)
  DB_PREPARED_STATEMENTS?: number;
}

/** The database's settings; throws ConfigError naming the first bad variable. */
export function readDatabaseConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(DatabaseVariables, env);
  const connection: DatabaseConnection = vars.DATABASE_URL
    ? parseMysqlUrl(vars.DATABASE_URL)
    : {
        kind: 'sqlite',
        path: vars.SQLITE_PATH ?? './data/docs.sqlite',
        cacheMb: vars.SQLITE_CACHE_MB ?? DEFAULT_SQLITE_CACHE_MB,
      };
  const limits: DatabaseLimits = {
    connectMs: vars.DB_CONNECT_TIMEOUT_MS ?? 5000,
    queryMs: vars.DB_QUERY_TIMEOUT_MS ?? 10_000,
    preparedStatements: vars.DB_PREPARED_STATEMENTS ?? DEFAULT_PREPARED_STATEMENTS_PER_CONNECTION,
  };
  return { connection, limits };
}

export const databaseConfig = registerAs('database', () => readDatabaseConfig(process.env));

export type DatabaseConfig = ConfigType<typeof databaseConfig>;

function parseMysqlUrl(value: string): DatabaseConnection {
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
