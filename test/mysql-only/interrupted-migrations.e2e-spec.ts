// A migration cut anywhere resumes on the next start and reaches the schema of an uninterrupted
// run. MySQL commits each schema statement on its own, so a migration killed in the middle is
// half applied: every migration is cut after each of its statements (the statement has run,
// its record in `migration_steps` is not written yet: the worst moment), started again, and the
// schema compared with a clean run's after the same migration.
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createConnection, Connection, RowDataPacket } from 'mysql2/promise';
import { DataSourceOptions } from 'typeorm';
import { mysqlMigrations } from '../../migrations/mysql';
import { DatabaseConnection } from '../../src/database/database.config';
import { dataSourceOptions, prepareDatabase } from '../../src/database/database-options';
import {
  AfterStatement,
  MIGRATION_STEPS_TABLE,
  runPendingMigrations,
} from '../../src/database/migration-runner';

const SERVER = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306';

class Cut extends Error {
  constructor() {
    super('cut by the test');
  }
}

/** A new database on the test server, named so that no one takes it for a real one. */
function newDatabase(label: string): DatabaseConnection & { kind: 'mysql' } {
  const database = `dms_test_e2e_migrations_${label}_${randomBytes(3).toString('hex')}`;
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return { kind: 'mysql', url: url.toString(), database };
}

/** Every table's `SHOW CREATE TABLE` (auto-increment counters left out) and every trigger. */
async function schemaOf(admin: Connection, database: string): Promise<string[]> {
  const [tables] = await admin.query<RowDataPacket[]>(
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME <> ? ORDER BY TABLE_NAME',
    [database, MIGRATION_STEPS_TABLE],
  );
  const schema: string[] = [];
  for (const { name } of tables) {
    const [[row]] = await admin.query<RowDataPacket[]>(
      `SHOW CREATE TABLE \`${database}\`.\`${String(name)}\``,
    );
    schema.push(String(row['Create Table']).replace(/ AUTO_INCREMENT=\d+/, ''));
  }
  const [triggers] = await admin.query<RowDataPacket[]>(
    `SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_TIMING, ACTION_STATEMENT
     FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY TRIGGER_NAME`,
    [database],
  );
  for (const trigger of triggers) schema.push(Object.values(trigger).join(' '));
  const [migrations] = await admin.query<RowDataPacket[]>(
    `SELECT name FROM \`${database}\`.migrations ORDER BY id`,
  );
  schema.push(`migrations: ${migrations.map((row) => String(row.name)).join(', ')}`);
  return schema;
}

/** The options the service uses, with only the first `count` migrations. */
function optionsUpTo(base: DataSourceOptions, count: number): DataSourceOptions {
  return { ...base, migrations: mysqlMigrations.slice(0, count) };
}

const quiet = { log: () => {}, warn: () => {}, error: () => {} };

/** The most statements a migration may have: the runs below cut up to that far into each. */
const LONGEST_MIGRATION = 40;

describe('interrupted MySQL migrations', () => {
  let admin: Connection;
  const made: string[] = [];
  /** A clean run's schema after each migration. */
  const cleanSchemas: string[][] = [];
  /** How many statements each migration records on a clean run. */
  const statementCounts: number[] = [];

  async function fresh(label: string): Promise<DataSourceOptions> {
    const connection = newDatabase(label);
    made.push(connection.database);
    return dataSourceOptions(connection, await prepareDatabase(connection));
  }

  beforeAll(async () => {
    // TypeORM's messages about each run (hundreds of them here).
    Logger.overrideLogger(['error']);
    admin = await createConnection(SERVER);
    const options = await fresh('clean');
    const database = (options as { url: string }).url.split('/').pop()!;
    for (let count = 1; count <= mysqlMigrations.length; count++) {
      let statements = 0;
      await runPendingMigrations(optionsUpTo(options, count), {
        logger: quiet,
        afterStatement: () => {
          statements++;
        },
      });
      statementCounts.push(statements);
      cleanSchemas.push(await schemaOf(admin, database));
    }
  }, 120_000);

  afterAll(async () => {
    for (const database of made) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  });

  it('has migrations whose statements are counted', () => {
    expect(statementCounts).toHaveLength(mysqlMigrations.length);
    // On a new database only TextInOneCollation has nothing to do (no table to convert).
    const idle = statementCounts.flatMap((count, index) =>
      count === 0 ? [new mysqlMigrations[index]().name] : [],
    );
    expect(idle).toEqual(['TextInOneCollation1795730000000']);
    expect(Math.max(...statementCounts)).toBeLessThanOrEqual(LONGEST_MIGRATION);
  });

  it('run without the request query timeout: DB_QUERY_TIMEOUT_MS=1 still migrates a new database', async () => {
    const connection = newDatabase('timeout');
    made.push(connection.database);
    const limits = { connectMs: 5000, queryMs: 1 };
    const options = dataSourceOptions(connection, await prepareDatabase(connection), limits);
    expect(options).toMatchObject({ enableQueryTimeout: true, maxQueryExecutionTime: 1 });
    await runPendingMigrations(options, { logger: quiet });
    expect(await schemaOf(admin, connection.database)).toEqual(cleanSchemas.at(-1));
  });

  it('three instances starting together on a new database take turns: each starts, one schema', async () => {
    const options = await fresh('together');
    const database = (options as { url: string }).url.split('/').pop()!;
    const logged: string[] = [];
    const logger = { ...quiet, warn: (message: string) => logged.push(message) };
    await Promise.all(
      [1, 2, 3].map(() => runPendingMigrations(options, { logger, serialise: true })),
    );
    expect(await schemaOf(admin, database)).toEqual(cleanSchemas.at(-1));
    expect(logged.filter((message) => message.startsWith('resuming'))).toEqual([]);
  });

  it('a start with nothing pending changes nothing (not even the steps table)', async () => {
    const options = await fresh('idle');
    const database = (options as { url: string }).url.split('/').pop()!;
    await runPendingMigrations(options, { logger: quiet });
    await admin.query(`DROP TABLE \`${database}\`.${MIGRATION_STEPS_TABLE}`);
    await runPendingMigrations(options, { logger: quiet });
    const [tables] = await admin.query<RowDataPacket[]>(
      'SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [database, MIGRATION_STEPS_TABLE],
    );
    expect(Number(tables[0].n)).toBe(0);
  });

  it('a stopped migration is named in the log, with what the operator can do; the next start resumes it', async () => {
    const options = await fresh('log');
    const logged: string[] = [];
    const logger = {
      log: (message: string) => logged.push(`log: ${message}`),
      warn: (message: string) => logged.push(`warn: ${message}`),
      error: (message: string) => logged.push(`error: ${message}`),
    };
    const groups = mysqlMigrations.findIndex((migration) => migration.name.startsWith('Groups'));
    await expect(
      runPendingMigrations(optionsUpTo(options, groups + 1), {
        logger,
        afterStatement: (migration, statement) => {
          if (migration === 'Groups1795750000000' && statement === 3) throw new Cut();
        },
      }),
    ).rejects.toBeInstanceOf(Cut);
    expect(logged.slice(-2)).toEqual([
      'log: running Groups1795750000000',
      'error: migration Groups1795750000000 stopped at its statement 3: cut by the test. ' +
        'Its statements before that one are done and recorded in migration_steps; the next ' +
        'start resumes at this statement. Nothing needs undoing by hand: do not drop or change ' +
        'tables, nor delete rows of migration_steps. Correct what the message names (a ' +
        'privilege, disk space, a lost connection) and start the service again.',
    ]);

    logged.length = 0;
    await runPendingMigrations(optionsUpTo(options, groups + 1), { logger });
    expect(logged).toEqual([
      'warn: resuming Groups1795750000000, interrupted before: 2 of its statements had run',
      'warn: Groups1795750000000: statement 3 had run before the interruption (the foreign key exists)',
    ]);
  });

  // The k-th run cuts every migration of at least k statements after its k-th, resumes it, and
  // compares; the migrations in between run whole. Every (migration, statement) is cut once.
  it.each(Array.from({ length: LONGEST_MIGRATION }, (_, index) => index + 1))(
    'cut after statement %i of each migration: resumed, the same schema as a clean run',
    async (cutAt) => {
      const longer = statementCounts.map((count, index) => (count >= cutAt ? index : -1));
      const cutMigrations = longer.filter((index) => index >= 0);
      if (cutAt === 1) expect(cutMigrations).toHaveLength(mysqlMigrations.length - 1);
      if (cutMigrations.length === 0) {
        expect(Math.max(...statementCounts)).toBeLessThan(cutAt);
        return;
      }
      const options = await fresh(`cut${cutAt}`);
      const database = (options as { url: string }).url.split('/').pop()!;
      for (const index of cutMigrations) {
        const name = new mysqlMigrations[index]().name;
        let seen = 0;
        const cut: AfterStatement = (migration, statement) => {
          seen++;
          if (migration === name && statement === cutAt) throw new Cut();
        };
        await expect(
          runPendingMigrations(optionsUpTo(options, index + 1), {
            logger: quiet,
            afterStatement: cut,
          }),
        ).rejects.toBeInstanceOf(Cut);
        expect(seen).toBeGreaterThanOrEqual(cutAt);
        await runPendingMigrations(optionsUpTo(options, index + 1), { logger: quiet });
        expect({ migration: name, schema: await schemaOf(admin, database) }).toEqual({
          migration: name,
          schema: cleanSchemas[index],
        });
      }
      const [steps] = await admin.query<RowDataPacket[]>(
        `SELECT COUNT(*) AS n FROM \`${database}\`.${MIGRATION_STEPS_TABLE}`,
      );
      expect(Number(steps[0].n)).toBe(0);
    },
    120_000,
  );
});
