import { DataSource } from 'typeorm';

/** Which SQL dialect a data source speaks, for the few statements that differ. */
export type SqlDialect = 'mysql' | 'sqlite';

export function sqlDialect(dataSource: DataSource): SqlDialect {
  return dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}
