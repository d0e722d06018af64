import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { createConnection, RowDataPacket } from 'mysql2/promise';
import { DataSourceOptions } from 'typeorm';
import { mysqlMigrations } from '../../migrations/mysql';
import { sqliteMigrations } from '../../migrations/sqlite';
import {
  DatabaseConnection,
  DatabaseLimits,
  DEFAULT_PREPARED_STATEMENTS_PER_CONNECTION,
  DEFAULT_SQLITE_CACHE_MB,
} from './database.config';
import { DatabaseLogger } from './database-logger';
import { GALERA_SESSION_SETUP, mysqlDriverWithSessionSetup } from './galera';

const DEFAULT_LIMITS: DatabaseLimits = { connectMs: 5000, queryMs: 10_000 };

/** Which server answers a mysql:// URL; TypeORM reads MariaDB's schema differently. */
export type MysqlFlavour = 'mysql' | 'mariadb';

export interface MysqlServer {
  flavour: MysqlFlavour;
  /** A node of a Galera cluster (`wsrep_on`): sessions then wait for causality (galera.ts). */
  galera: boolean;
}

/** The character set and collation of every table, and of every session. */
export const MYSQL_COLLATION = 'utf8mb4_unicode_ci';

/**
 * Every MySQL session works in the tables' collation, whatever the server's or the database's
 * default: a string the session makes (a parameter, a literal, a derived table's column) then
 * never meets a column of another collation. (The handshake asks for it too; `SET NAMES` also
 * holds on servers that answer a handshake with their own default.) And it sorts text by whole
 * values: a folder path is up to 4,096 code points (16 KiB in UTF-8), and by default only the
 * first 1,024 bytes of a TEXT value are compared.
 */
export const MYSQL_SESSION_SETUP = [
  `SET NAMES utf8mb4 COLLATE ${MYSQL_COLLATION}`,
  'SET SESSION max_sort_length = 16384',
  // Every write transaction is READ COMMITTED (see TransactionRunner); set once per session, it
  // saves each one a statement (a round trip) of its own.
  'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
];

/** TypeORM options for either database. Schema changes come from migrations only. */
export function dataSourceOptions(
  config: DatabaseConnection,
  server: MysqlServer = { flavour: 'mysql', galera: false },
  timeouts: DatabaseLimits = DEFAULT_LIMITS,
): DataSourceOptions {
  const common = { synchronize: false, logger: new DatabaseLogger() } as const;
  if (config.kind === 'mysql') {
    return {
      ...common,
      type: server.flavour,
      driver: mysqlDriverWithSessionSetup([
        ...MYSQL_SESSION_SETUP,
        ...(server.galera ? GALERA_SESSION_SETUP : []),
      ]),
      url: config.url,
      charset: MYSQL_COLLATION,
      timezone: 'Z',
      supportBigNumbers: true,
      migrations: mysqlMigrations,
      // A server that stops answering fails requests within these bounds instead of hanging them.
      connectTimeout: timeouts.connectMs,
      enableQueryTimeout: true,
      maxQueryExecutionTime: timeouts.queryMs,
      // mysql2 keeps each connection's prepared statements in a cache of this size, and closes
      // (on the server) those it drops.
      extra: {
        maxPreparedStatements:
          timeouts.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS_PER_CONNECTION,
      },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.path,
    enableWAL: true,
    timeout: 5000,
    migrations: sqliteMigrations,
    // A negative cache_size is in KiB. Pages are taken as they are read, up to that.
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma(`cache_size = -${(config.cacheMb ?? DEFAULT_SQLITE_CACHE_MB) * 1024}`);
    },
  };
}

/**
 * Prepares the place the data lives: the folder of the SQLite file, or the MySQL database
 * (created with utf8mb4 when missing and the user may create it). Tells which server a
 * mysql:// URL reaches.
 */
export async function prepareDatabase(
  config: DatabaseConnection,
  timeouts: DatabaseLimits = DEFAULT_LIMITS,
): Promise<MysqlServer | undefined> {
  if (config.kind === 'sqlite') {
    if (config.path !== ':memory:') createPrivately(config.path);
    return undefined;
  }
  const serverUrl = new URL(config.url);
  serverUrl.pathname = '/';
  const connection = await createConnection({
    uri: serverUrl.toString(),
    connectTimeout: timeouts.connectMs,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>('SELECT VERSION() AS version');
    const flavour = String(rows[0].version).includes('MariaDB') ? 'mariadb' : 'mysql';
    // Empty on MySQL, OFF on a MariaDB server outside any cluster.
    const [wsrep] = await connection.query<RowDataPacket[]>("SHOW VARIABLES LIKE 'wsrep_on'");
    const galera = String(wsrep[0]?.Value).toUpperCase() === 'ON';
    await connection
      .query(
        `CREATE DATABASE IF NOT EXISTS ${connection.escapeId(config.database)} CHARACTER SET utf8mb4 COLLATE ${MYSQL_COLLATION}`,
      )
      .catch((error: { code?: string }) => {
        // A user without CREATE rights can still use a database an operator made for it.
        if (error.code !== 'ER_DBACCESS_DENIED_ERROR') throw error;
      });
    return { flavour, galera };
  } finally {
    await connection.end();
  }
}

/**
 * Creates the SQLite file, and the folders it needs, readable by their owner only (0600 and
 * 0700; SQLite gives its -wal and -shm files the mode of the database file). What already
 * exists keeps its mode: an operator may have chosen it.
 */
function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}
