import { DataSource, MigrationInterface } from 'typeorm';
import { mysqlMigrations } from '../../migrations/mysql';
import { sqliteMigrations } from '../../migrations/sqlite';
import { parseEnvironment } from '../../src/config/environment';
import { dataSourceOptions, prepareDatabase } from '../../src/database/database-options';
import { databaseKind } from './test-app';

type MigrationClass = new () => MigrationInterface;

/**
 * The test's database as an earlier version left it: every migration before `mysql` (on MySQL)
 * or `sqlite` (on SQLite) applied, and a data source on it (no entities) to write that
 * version's rows with. The caller destroys it, then starts the app, which migrates the rest.
 */
export async function databaseBefore(migration: {
  mysql: MigrationClass;
  sqlite: MigrationClass;
}): Promise<DataSource> {
  const all: MigrationClass[] = databaseKind === 'mysql' ? mysqlMigrations : sqliteMigrations;
  const first = databaseKind === 'mysql' ? migration.mysql : migration.sqlite;
  if (!all.includes(first)) throw new Error(`${first.name} is not a migration of ${databaseKind}`);
  const { database } = parseEnvironment(process.env);
  const earlier = new DataSource({
    ...dataSourceOptions(database, await prepareDatabase(database)),
    entities: [],
    logging: false,
    logger: 'simple-console',
    migrations: all.slice(0, all.indexOf(first)),
  });
  await earlier.initialize();
  await earlier.runMigrations();
  return earlier;
}
