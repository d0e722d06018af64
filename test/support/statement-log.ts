import { DataSource, Logger } from 'typeorm';

/** Transaction control: counted apart from the statements that do the work. */
const TRANSACTION_CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SET TRANSACTION)\b/i;

export interface StatementLog {
  /** Every statement the application sent since the last `reset()`, in order. */
  readonly all: string[];
  /** The statements that are not transaction control. */
  statements(): string[];
  /** How many transactions were begun. */
  transactions(): number;
  reset(): void;
  restore(): void;
}

/**
 * Records every SQL statement a data source runs: TypeORM's query runners hand each one to the
 * data source's logger before sending it, whatever the `logging` option says.
 */
export function recordStatements(dataSource: DataSource): StatementLog {
  const original = dataSource.logger;
  const all: string[] = [];
  const recording: Logger = {
    logQuery: (query, parameters, runner) => {
      all.push(query.replace(/\s+/g, ' ').trim());
      original.logQuery(query, parameters, runner);
    },
    logQueryError: (...args) => original.logQueryError(...args),
    logQuerySlow: (...args) => original.logQuerySlow(...args),
    logSchemaBuild: (...args) => original.logSchemaBuild(...args),
    logMigration: (...args) => original.logMigration(...args),
    log: (...args) => original.log(...args),
  };
  const swap = (logger: Logger) =>
    Object.defineProperty(dataSource, 'logger', { value: logger, configurable: true });
  swap(recording);
  return {
    all,
    statements: () => all.filter((query) => !TRANSACTION_CONTROL.test(query)),
    transactions: () => all.filter((query) => /^(START TRANSACTION|BEGIN)/i.test(query)).length,
    reset: () => {
      all.length = 0;
    },
    restore: () => swap(original),
  };
}
