import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Database, Statement } from 'better-sqlite3';
import type { ExecuteValues, Pool, PoolConnection, QueryOptions } from 'mysql2';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { SqliteTurn } from './sqlite-turn';

/** What a write statement did. */
export interface StatementResult {
  /** Rows inserted, changed or deleted (not counting what triggers did). */
  affected: number;
  /** The auto-increment id of the (first) row inserted. */
  insertId: number;
}

/** SQLite statements kept prepared; the service has a few dozen distinct ones. */
const SQLITE_STATEMENTS_KEPT = 500;

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

type MysqlTarget = Pick<Pool | PoolConnection, 'execute'>;

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

  private executeOnMysql(target: MysqlTarget, sql: string, parameters: unknown[]) {
    const options: QueryOptions = this.timeoutMs ? { sql, timeout: this.timeoutMs } : { sql };
    return new Promise<unknown>((resolve, reject) => {
      target.execute(options, parameters as ExecuteValues[], (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  }

  private executeOnSqlite(sql: string, parameters: unknown[]): unknown {
    let statement = this.sqliteStatements.get(sql);
    if (!statement) {
      if (this.sqliteStatements.size >= SQLITE_STATEMENTS_KEPT) this.sqliteStatements.clear();
      statement = this.sqlite!.prepare(sqliteStatementText(sql));
      this.sqliteStatements.set(sql, statement);
    }
    return statement.reader ? statement.all(...parameters) : statement.run(...parameters);
  }
}
