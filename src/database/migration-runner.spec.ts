import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { dataSourceOptions } from './database-options';
import { runPendingMigrations } from './migration-runner';

class MakesATable1700000000001 implements MigrationInterface {
  name = 'MakesATable1700000000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE made_first (id integer PRIMARY KEY)');
  }
  async down(): Promise<void> {}
}

class FailsHalfway1700000000002 implements MigrationInterface {
  name = 'FailsHalfway1700000000002';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE made_second (id integer PRIMARY KEY)');
    await queryRunner.query('INSERT INTO no_such_table VALUES (1)');
  }
  async down(): Promise<void> {}
}

// MySQL's resuming has its own suite (test/mysql-only/interrupted-migrations); SQLite runs the
// pending migrations in one transaction.
describe('runPendingMigrations on SQLite', () => {
  let dir: string;
  // TypeORM's own messages about the run.
  beforeAll(() => Logger.overrideLogger(['error']));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dms-migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a failing migration leaves none of the pending ones applied, and the log says what to do', async () => {
    const path = join(dir, 'docs.sqlite');
    const logged: string[] = [];
    const logger = {
      log: (message: string) => logged.push(`log: ${message}`),
      warn: (message: string) => logged.push(`warn: ${message}`),
      error: (message: string) => logged.push(`error: ${message}`),
    };
    const options = {
      ...dataSourceOptions({ kind: 'sqlite', path }),
      migrations: [MakesATable1700000000001, FailsHalfway1700000000002],
    };

    await expect(runPendingMigrations(options, { logger })).rejects.toThrow('no such table');
    expect(logged).toEqual([
      'log: running MakesATable1700000000001',
      'log: running FailsHalfway1700000000002',
      'error: migration FailsHalfway1700000000002 failed: SqliteError: no such table: no_such_table. ' +
        'None of the pending migrations was applied (they run in one transaction). Correct what ' +
        'the message names (a privilege, disk space, a lost connection) and start the service again.',
    ]);
    const db = new Database(path, { readonly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'made_%'")
      .all();
    db.close();
    expect(tables).toEqual([]);
  });
});
