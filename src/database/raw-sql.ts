import { DataSource, EntityManager, QueryResult } from 'typeorm';

/** Which SQL dialect a data source speaks, for the few statements that differ. */
export type SqlDialect = 'mysql' | 'sqlite';

export function sqlDialect(dataSource: DataSource): SqlDialect {
  return dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}

export interface StatementResult {
  /** Rows inserted, changed or deleted. */
  affected: number;
  /** The auto-increment id of the (first) row inserted. */
  insertId: number;
}

/**
 * Runs one write statement and reports the rows it affected and the id it generated, the same
 * way on both drivers (mysql2 answers with a result header, better-sqlite3 with `changes`).
 */
export async function executeStatement(
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<StatementResult> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = (await runner.query(sql, parameters, true)) as QueryResult<unknown>;
    const raw = result.raw as { insertId?: number | string } | number | bigint | undefined;
    const insertId =
      typeof raw === 'object' && raw !== null ? Number(raw.insertId ?? 0) : Number(raw ?? 0);
    return { affected: result.affected ?? 0, insertId };
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
