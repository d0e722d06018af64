import { DataSource, MigrationInterface } from 'typeorm';
import { mysqlMigrations } from '../../migrations/mysql';
import { sqliteMigrations } from '../../migrations/sqlite';
import { dataSourceOptions, prepareDatabase } from '../../src/database/database-options';
import { parseEnvironment } from '../../src/settings';
import { databaseKind, startTestApp, TestApp } from './test-app';

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

/**
 * The service of the release before `migration`, on the test's database: today's code with
 * that migration and every later one held back (they run at the next start), but for those in
 * `alsoRun`, which today's code needs (tables of its own that the held-back migration does not
 * touch). Only for a migration after which the code sends the same statements (a character set
 * conversion), so that today's writes are the earlier release's.
 */
export async function startAppBefore(
  migration: MigrationClass,
  alsoRun: MigrationClass[] = [],
): Promise<TestApp> {
  const all: MigrationClass[] = databaseKind === 'mysql' ? mysqlMigrations : sqliteMigrations;
  if (!all.includes(migration)) {
    throw new Error(`${migration.name} is not a migration of ${databaseKind}`);
  }
  const original = all.slice();
  const heldBack = all.slice(all.indexOf(migration)).filter((later) => !alsoRun.includes(later));
  all.splice(0, all.length, ...original.filter((each) => !heldBack.includes(each)));
  try {
    return await startTestApp();
  } finally {
    all.splice(0, all.length, ...original);
  }
}
