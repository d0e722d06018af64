import { ConfigError } from '../config/environment';
import { assertSqliteDriverLoads } from './sqlite-driver';

jest.mock('better-sqlite3', () =>
  jest.fn(() => {
    throw new Error("Module did not self-register: '.../better_sqlite3.node'");
  }),
);

describe('assertSqliteDriverLoads', () => {
  it('says in one line that the driver does not load, why, and what to run', () => {
    let thrown: unknown;
    try {
      assertSqliteDriverLoads();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toBe(
      `The SQLite driver (better-sqlite3) does not load on Node ${process.version}: ` +
        "Module did not self-register: '.../better_sqlite3.node'. It was compiled for another " +
        'Node version or against other headers: run `npm rebuild better-sqlite3` with this Node ' +
        '(the README\'s "Built for Node.js 24 LTS" says which headers to compile against).',
    );
  });
});
