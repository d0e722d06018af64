import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  DataSource,
  DataSourceOptions,
  MigrationExecutor,
  MigrationInterface,
  QueryRunner,
} from 'typeorm';

type MigrationClass = new () => MigrationInterface;

/**
 * Which statements of an unfinished MySQL migration have run. MySQL commits each DDL statement
 * on its own, so a migration cut in the middle (a deploy killing the process, a lost
 * connection) is half applied; the next start resumes it from here instead of running its
 * first statements again. Emptied once every migration is recorded in TypeORM's `migrations`.
 */
export const MIGRATION_STEPS_TABLE = 'migration_steps';

const CREATE_STEPS_TABLE = `CREATE TABLE IF NOT EXISTS \`${MIGRATION_STEPS_TABLE}\` (\`migration\` varchar(255) NOT NULL, \`step\` char(40) NOT NULL, PRIMARY KEY (\`migration\`, \`step\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

/** The first row of a migration's steps: it was started (and is resumed if not recorded). */
const STARTED = 'started';

/** Statements that change nothing: run every time, never recorded. */
const READ = /^\s*(SELECT|SHOW|SET|DESCRIBE|EXPLAIN)\b/i;
/** Statements that change rows: run in a transaction with their record. */
const DATA = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/**
 * What MySQL answers when a schema statement's change is already there (or already gone). Only
 * the first unrecorded statement of a resumed migration may have run without its record (a
 * DDL statement is atomic: all of it or nothing), and only there are these errors taken as
 * "already done".
 */
const ALREADY_DONE = new Map<number, string>([
  [1050, 'the table exists'],
  [1051, 'the table is gone'],
  [1060, 'the column exists'],
  [1061, 'the index exists'],
  [1091, 'the column or index is gone'],
  [1176, 'the index was renamed'],
  [1359, 'the trigger exists'],
  [1360, 'the trigger is gone'],
  [1826, 'the foreign key exists'],
]);

/** Called after each recorded statement has run, before its record is written (tests cut there). */
export type AfterStatement = (migration: string, statement: number) => Promise<void> | void;

/** Where the runner writes what it does (Nest's logger unless a test passes its own). */
export type MigrationLogger = Pick<Logger, 'log' | 'warn' | 'error'>;

export interface MigrationRunOptions {
  afterStatement?: AfterStatement;
  logger?: MigrationLogger;
  /**
   * MySQL: take a named lock first, so that instances starting together run the migrations one
   * after the other (the later ones then find nothing pending). Not on Galera, where a named
   * lock holds on one node only (and MariaDB refuses it with wsrep on).
   */
  serialise?: boolean;
}

/** How long one wait for the migrations' lock lasts before the log says whom it waits for. */
const LOCK_WAIT_SECONDS = 10;

/**
 * Runs the pending migrations on a connection of their own, before the service's pool opens:
 * without the request query timeout (`DB_QUERY_TIMEOUT_MS` bounds requests; a migration that
 * rebuilds a large table takes what it takes). On MySQL each migration resumes where an earlier
 * start was cut (`migration_steps`); on SQLite all pending migrations run in one transaction,
 * so a cut leaves none of them applied.
 */
export async function runPendingMigrations(
  options: DataSourceOptions,
  run: MigrationRunOptions = {},
): Promise<void> {
  const logger = run.logger ?? new Logger('Migrations');
  const mysql = options.type === 'mysql' || options.type === 'mariadb';
  const progress = new MigrationProgress(logger, mysql, run.afterStatement);
  const dataSource = new DataSource({
    ...options,
    ...(mysql && { enableQueryTimeout: false, poolSize: 1 }),
    migrations: ((options.migrations ?? []) as MigrationClass[]).map((migration) =>
      progress.wrap(migration),
    ),
    migrationsRun: false,
  } as DataSourceOptions);
  await dataSource.initialize();
  // One connection for everything: the lock is the session's.
  const runner = dataSource.createQueryRunner();
  try {
    if (mysql && run.serialise) await lockMigrations(runner, logger);
    const migrations = new MigrationExecutor(dataSource, runner);
    migrations.transaction = mysql ? 'none' : 'all';
    // Nothing pending (every start but an upgrade's): no statement that writes, so that workers,
    // instances and CLI commands starting together do not take turns on a schema lock (on
    // Galera every schema statement pauses the whole cluster).
    if (!(await migrations.showMigrations())) return;
    if (mysql) await runner.query(CREATE_STEPS_TABLE);
    await migrations.executePendingMigrations();
    if (mysql) await runner.query(`DELETE FROM \`${MIGRATION_STEPS_TABLE}\``);
  } catch (error) {
    logger.error(progress.advice(error));
    throw error;
  } finally {
    // Ending the session releases the lock.
    await runner.release();
    await dataSource.destroy();
  }
}

/** Waits for the database's migrations lock, saying so in the log while another process holds it. */
async function lockMigrations(runner: QueryRunner, logger: MigrationLogger): Promise<void> {
  const name = "CONCAT('dms_migrations:', DATABASE())";
  for (let waited = 0; ; waited += LOCK_WAIT_SECONDS) {
    const [row] = (await runner.query(`SELECT GET_LOCK(${name}, ?) AS got`, [
      LOCK_WAIT_SECONDS,
    ])) as { got: number | string | null }[];
    if (Number(row.got) === 1) return;
    logger.warn(
      `waiting for another process running the migrations (${waited + LOCK_WAIT_SECONDS} s so far)`,
    );
  }
}

/** Follows the migrations as they run: what to log, and on MySQL what to record and skip. */
class MigrationProgress {
  private current?: { name: string; statement: number };

  constructor(
    private readonly logger: MigrationLogger,
    private readonly resumable: boolean,
    private readonly afterStatement?: AfterStatement,
  ) {}

  wrap(Migration: MigrationClass): MigrationClass {
    const migration = new Migration();
    const name = migration.name ?? Migration.name;
    const up = (queryRunner: QueryRunner) => this.up(name, migration, queryRunner);
    return class {
      readonly name = name;
      readonly transaction = migration.transaction;
      up(queryRunner: QueryRunner): Promise<void> {
        return up(queryRunner);
      }
      down(queryRunner: QueryRunner): Promise<void> {
        return migration.down(queryRunner);
      }
    };
  }

  /** What the operator reads when a migration fails. */
  advice(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    if (!this.current) return `the migrations could not run: ${message}`;
    const { name, statement } = this.current;
    const fix =
      'Correct what the message names (a privilege, disk space, a lost connection) and start the service again.';
    if (!this.resumable) {
      return `migration ${name} failed: ${message}. None of the pending migrations was applied (they run in one transaction). ${fix}`;
    }
    return `migration ${name} stopped at its statement ${statement}: ${message}. Its statements before that one are done and recorded in ${MIGRATION_STEPS_TABLE}; the next start resumes at this statement. Nothing needs undoing by hand: do not drop or change tables, nor delete rows of ${MIGRATION_STEPS_TABLE}. ${fix}`;
  }

  private async up(
    name: string,
    migration: MigrationInterface,
    queryRunner: QueryRunner,
  ): Promise<void> {
    this.current = { name, statement: 0 };
    if (!this.resumable) {
      this.logger.log(`running ${name}`);
      await migration.up(queryRunner);
      return;
    }
    const rows = (await queryRunner.query(
      `SELECT \`step\` FROM \`${MIGRATION_STEPS_TABLE}\` WHERE \`migration\` = ?`,
      [name],
    )) as { step: string }[];
    const done = new Set(rows.map((row) => row.step));
    if (done.size > 0) {
      this.logger.warn(
        `resuming ${name}, interrupted before: ${done.size - 1} of its statements had run`,
      );
    } else {
      this.logger.log(`running ${name}`);
      await this.record(queryRunner, name, STARTED);
    }
    const steps = new ResumedSteps(this, name, queryRunner, done);
    const journaled = new Proxy(queryRunner, {
      get: (target, key) =>
        key === 'query' ? steps.query.bind(steps) : (Reflect.get(target, key) as unknown),
    });
    await migration.up(journaled);
  }

  /** Counts the statement the migration is at (for the log). */
  at(statement: number): void {
    if (this.current) this.current.statement = statement;
  }

  async afterRun(name: string, statement: number): Promise<void> {
    await this.afterStatement?.(name, statement);
  }

  warn(message: string): void {
    this.logger.warn(message);
  }

  async record(queryRunner: QueryRunner, name: string, step: string): Promise<void> {
    await queryRunner.query(
      `INSERT INTO \`${MIGRATION_STEPS_TABLE}\` (\`migration\`, \`step\`) VALUES (?, ?)`,
      [name, step],
    );
  }
}

/**
 * The statements of one MySQL migration: each that changes something is recorded once it has
 * run, by its text and how many times the migration sent that text before (a migration may
 * choose its statements from what it reads, as one converting only some tables does). A
 * recorded statement is skipped when the migration is resumed.
 */
class ResumedSteps {
  private statement = 0;
  private readonly sent = new Map<string, number>();
  /** A resumed migration's first unrecorded statement may have run: see `ALREADY_DONE`. */
  private mayHaveRun: boolean;

  constructor(
    private readonly progress: MigrationProgress,
    private readonly name: string,
    private readonly runner: QueryRunner,
    private readonly done: Set<string>,
  ) {
    this.mayHaveRun = done.size > 0;
  }

  async query(sql: string, parameters?: unknown[]): Promise<unknown> {
    if (READ.test(sql)) return this.runner.query(sql, parameters);
    this.progress.at(++this.statement);
    const step = this.stepOf(sql, parameters);
    if (this.done.has(step)) return undefined;
    const mayHaveRun = this.mayHaveRun;
    this.mayHaveRun = false;
    if (DATA.test(sql)) {
      await this.runner.startTransaction();
      try {
        const result: unknown = await this.runner.query(sql, parameters);
        await this.progress.afterRun(this.name, this.statement);
        await this.progress.record(this.runner, this.name, step);
        await this.runner.commitTransaction();
        return result;
      } catch (error) {
        await this.runner.rollbackTransaction();
        throw error;
      }
    }
    let result: unknown;
    try {
      result = await this.runner.query(sql, parameters);
    } catch (error) {
      const done = mayHaveRun ? alreadyDone(error) : undefined;
      if (done === undefined) throw error;
      this.progress.warn(
        `${this.name}: statement ${this.statement} had run before the interruption (${done})`,
      );
    }
    await this.progress.afterRun(this.name, this.statement);
    await this.progress.record(this.runner, this.name, step);
    return result;
  }

  private stepOf(sql: string, parameters?: unknown[]): string {
    const text = parameters?.length ? `${sql}\n${JSON.stringify(parameters)}` : sql;
    const times = (this.sent.get(text) ?? 0) + 1;
    this.sent.set(text, times);
    return createHash('sha1').update(`${times}\n${text}`).digest('hex');
  }
}

/** Why a failed schema statement's change is already there, if that is what the error says. */
function alreadyDone(error: unknown): string | undefined {
  const driverError = (error as { driverError?: { errno?: unknown; message?: unknown } })
    .driverError;
  const errno = driverError?.errno;
  // MariaDB's word for a foreign key that exists: its table "can't be created", with the
  // storage engine's duplicate-key error.
  if (errno === 1005 && String(driverError?.message).includes('errno: 121')) {
    return ALREADY_DONE.get(1826);
  }
  return typeof errno === 'number' ? ALREADY_DONE.get(errno) : undefined;
}
