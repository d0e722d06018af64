import { EventEmitter } from 'node:events';
import type * as mysql2 from 'mysql2';
import { GALERA_SESSION_SETUP, mysqlDriverWithSessionSetup } from './galera';

/** A stand-in for mysql2: its pool announces connections; each records what it was sent. */
function fakeDriver() {
  const pool = new EventEmitter();
  const driver = {
    createPool: jest.fn(() => pool),
    escape: (value: string) => `'${value}'`,
  };
  const connection = (sent: string[]) => ({
    query: (sql: string, done: (error: Error | null) => void) => {
      sent.push(sql);
      done(null);
    },
  });
  return { driver: driver as unknown as typeof mysql2, pool, connection };
}

describe('mysqlDriverWithSessionSetup', () => {
  it('sets wsrep_sync_wait on each new pooled connection before it is handed out', () => {
    const { driver, pool, connection } = fakeDriver();
    const wrapped = mysqlDriverWithSessionSetup(GALERA_SESSION_SETUP, driver);
    const created = wrapped.createPool({ host: 'db' });
    expect(created).toBe(pool);
    expect(driver.createPool).toHaveBeenCalledWith({ host: 'db' });

    const first: string[] = [];
    const second: string[] = [];
    pool.emit('connection', connection(first));
    pool.emit('connection', connection(second));
    expect(first).toEqual(['SET SESSION wsrep_sync_wait = 3']);
    expect(second).toEqual(['SET SESSION wsrep_sync_wait = 3']);
  });

  it('leaves the rest of the driver as it is', () => {
    const { driver } = fakeDriver();
    const wrapped = mysqlDriverWithSessionSetup([], driver);
    expect(wrapped.escape('x')).toBe("'x'");
  });
});
