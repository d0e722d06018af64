import Database from 'better-sqlite3';
import { ConfigError } from '../config/environment';

/**
 * Opens an in-memory SQLite database to prove the driver's compiled part loads on this Node.
 * A driver compiled for another Node (or against other headers) fails only at its first use,
 * where TypeORM would retry it for seconds and then print a stack: this says why, in one line.
 */
export function assertSqliteDriverLoads(): void {
  try {
    new Database(':memory:').close();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error))
      .replace(/\s+/g, ' ')
      .replace(/\.$/, '');
    throw new ConfigError(
      `The SQLite driver (better-sqlite3) does not load on Node ${process.version}: ${reason}. ` +
        'It was compiled for another Node version or against other headers: run ' +
        '`npm rebuild better-sqlite3` with this Node (the README\'s "Built for Node.js 24 LTS" ' +
        'says which headers to compile against).',
    );
  }
}
