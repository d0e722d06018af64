import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Database, Statement } from 'better-sqlite3';
import type { ExecuteValues, Pool, PoolConnection, QueryOptions } from 'mysql2';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { SqliteTurn } from './sqlite-turn';
import { CHECK_CATALOGUE_VARIABLE, catalogueFile, readCatalogue } from './statement-catalogue';

/** What a write statement did. */
export interface StatementResult {
  /** Rows inserted, changed or deleted (not counting what triggers did). */
  affected: number;
  /** The auto-increment id of the (first) row inserted. */
  insertId: number;
}

/**
 * SQLite statements kept prepared, the least recently used leaving first: more than the service
 * sends (its catalogue, `src/queries/sqlite.sql`), so a full cache only happens when something
 * else fills it.
 */
export const SQLITE_STATEMENTS_KEPT = 500;

/** MySQL's and MariaDB's error when the server holds `max_prepared_stmt_count` statements. */
const TOO_MANY_PREPARED_STATEMENTS = 1461;

/**
 * A statement's text as SQLite prepares it: each `LIMIT ?` and `OFFSET ?` as `(? + 0)`. SQLite
 * takes a bare parameter there for a constant of the statement, so binding it again (at each
 * run) expires the statement and makes SQLite prepare it anew before the run; as an expression
 * it is read at each run. The plans are the same. Measured on a member's page through 50 groups
 * at 100,000 documents: 449 -> 273 µs a run, and a direct-share reader's 168 -> 130 µs.
 */
export function sqliteStatementText(sql: string): string {
  return sql.replace(/\b(LIMIT|OFFSET) \?/g, '$1 (? + 0)');
}

type MysqlTarget = Pick<Pool | PoolConnection, 'execute' | 'query'>;

/**
 * Runs the service's own SQL with as little work per statement as the drivers allow, on
 * TypeORM's connections: on MySQL each statement is prepared once per connection and executed
 * through mysql2's callback API (TypeORM goes through its promise wrapper, which records a
 * stack trace per query, and through a query runner per call); on SQLite each is prepared
 * once. Statements run on the pool, or on the connection of `manager` when it has one (a
 * transaction, or `TransactionRunner.oneConnection`). They go to the data source's logger, and
 * fail with TypeORM's `QueryFailedError`, as TypeORM's own do.
 */
@Injectable()
export class Sql {
  private readonly mysqlPool: Pool | undefined;
  private readonly sqlite: Database | undefined;
  private readonly sqliteStatements = new Map<string, Statement>();
  private readonly timeoutMs: number | undefined;
  private readonly logger = new Logger('Database');
  /** The catalogue's texts, when the tests check them (`CHECK_CATALOGUE_VARIABLE`). */
  private readonly catalogue: Set<string> | undefined;
  /** Whether the server's refusal to prepare has been logged (it is, once per process). */
  private refusalLogged = false;
  /** How many statements SQLite prepared (each text once while it stays in the cache). */
  sqlitePrepares = 0;
  /** How many MySQL statements ran unprepared because the server refused to prepare them. */
  unpreparedRuns = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sqliteTurn: SqliteTurn,
  ) {
    const driver = dataSource.driver as { pool?: Pool; databaseConnection?: Database };
    if (dataSource.options.type === 'better-sqlite3') {
      this.sqlite = driver.databaseConnection;
    } else {
      this.mysqlPool = driver.pool;
      const options = dataSource.options as {
        enableQueryTimeout?: boolean;
        maxQueryExecutionTime?: number;
      };
      this.timeoutMs = options.enableQueryTimeout ? options.maxQueryExecutionTime : undefined;
    }
    if (process.env[CHECK_CATALOGUE_VARIABLE] === '1') {
      this.catalogue = readCatalogue(this.sqlite ? 'sqlite' : 'mysql');
    }
  }

  /**
   * Defines a scalar SQL function on the SQLite connection, written in JavaScript (for work
   * SQLite's own functions do slowly); nothing on MySQL, where the caller writes SQL instead.
   * The function must be deterministic: same arguments, same answer.
   */
  defineSqliteFunction(name: string, fn: (...args: never[]) => unknown): void {
    this.sqlite?.function(name, { deterministic: true }, fn as (...args: unknown[]) => unknown);
  }

  /** A query's rows. */
  async rows<T>(sql: string, parameters: unknown[], manager?: EntityManager): Promise<T[]> {
    return (await this.execute(sql, parameters, manager)) as T[];
  }

  /** A write statement's affected rows and generated id. */
  async run(sql: string, parameters: unknown[], manager?: EntityManager): Promise<StatementResult> {
    const result = (await this.execute(sql, parameters, manager)) as {
      affectedRows?: number;
      insertId?: number | bigint;
      changes?: number;
      lastInsertRowid?: number | bigint;
    };
    return {
      affected: result.affectedRows ?? result.changes ?? 0,
      insertId: Number(result.insertId ?? result.lastInsertRowid ?? 0),
    };
  }

  private async execute(sql: string, parameters: unknown[], manager?: EntityManager) {
    this.dataSource.logger.logQuery(sql, parameters);
    try {
      if (this.catalogue && !this.catalogue.has(sql)) {
        const file = catalogueFile(this.sqlite ? 'sqlite' : 'mysql');
        throw new Error(`a statement not in ${file} (npm run sql:statements): ${sql}`);
      }
      if (this.sqlite) {
        // Outside a transaction's turn, wait for it to end; then run at once (the statement is
        // synchronous, so no turn can begin between the check and the statement).
        while (this.sqliteTurn.heldByAnother()) await this.sqliteTurn.released();
        return this.executeOnSqlite(sql, parameters);
      }
      return await this.executeOnMysql(
        await this.mysqlTarget(manager?.queryRunner),
        sql,
        parameters,
      );
    } catch (error) {
      this.dataSource.logger.logQueryError(error as Error, sql, parameters);
      throw new QueryFailedError(sql, parameters, error as Error);
    }
  }

  private async mysqlTarget(runner: QueryRunner | undefined): Promise<MysqlTarget> {
    // A query runner holds one connection (a transaction's): its statements must use it.
    if (runner) return (await runner.connect()) as PoolConnection;
    return this.mysqlPool!;
  }

  private async executeOnMysql(target: MysqlTarget, sql: string, parameters: unknown[]) {
    const options: QueryOptions = this.timeoutMs ? { sql, timeout: this.timeoutMs } : { sql };
    try {
      return await new Promise<unknown>((resolve, reject) => {
        target.execute(options, parameters as ExecuteValues[], (error, result) =>
          error ? reject(error) : resolve(result),
        );
      });
    } catch (error) {
      if ((error as { errno?: number }).errno !== TOO_MANY_PREPARED_STATEMENTS) throw error;
      // The server holds as many prepared statements as it may (every client's count): this one
      // runs unprepared, its parameters escaped by the driver, with the same answer.
      this.unpreparedRuns++;
      this.logRefusal(target);
      return this.queryOnMysql(target, sql, parameters);
    }
  }

  /** A statement sent unprepared (the text protocol), its parameters escaped by mysql2. */
  private queryOnMysql(target: MysqlTarget, sql: string, parameters: unknown[]) {
    const options: QueryOptions = this.timeoutMs ? { sql, timeout: this.timeoutMs } : { sql };
    return new Promise<unknown>((resolve, reject) => {
      target.query(options, parameters, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  }

  /** Says once per process that the server refused to prepare, with its limit. */
  private logRefusal(target: MysqlTarget): void {
    if (this.refusalLogged) return;
    this.refusalLogged = true;
    target.query('SELECT @@GLOBAL.max_prepared_stmt_count AS max', (error, rows) => {
      const limit = error ? 'unknown' : String((rows as { max: number }[])[0]?.max);
      this.logger.warn(
        `the database server refused to prepare a statement: it holds max_prepared_stmt_count ` +
          `(${limit}) prepared statements of all its clients. Statements it refuses run ` +
          'unprepared (one more round trip each) until it has room; see docs/operations.md ' +
          '("Prepared statements").',
      );
    });
  }

  private executeOnSqlite(sql: string, parameters: unknown[]): unknown {
    let statement = this.sqliteStatements.get(sql);
    if (statement) {
      // Most recently used last: the cache drops from the front.
      this.sqliteStatements.delete(sql);
    } else {
      if (this.sqliteStatements.size >= SQLITE_STATEMENTS_KEPT) {
        const [leastRecent] = this.sqliteStatements.keys();
        this.sqliteStatements.delete(leastRecent);
      }
      statement = this.sqlite!.prepare(sqliteStatementText(sql));
      this.sqlitePrepares++;
    }
    this.sqliteStatements.set(sql, statement);
    return statement.reader ? statement.all(...parameters) : statement.run(...parameters);
  }
}
