import Database from 'better-sqlite3';
import { dataSourceOptions } from './database-options';

describe('dataSourceOptions (SQLite)', () => {
  const cacheSizeAfterPrepare = (cacheMb?: number): unknown => {
    const options = dataSourceOptions({ kind: 'sqlite', path: ':memory:', cacheMb }) as {
      prepareDatabase(db: Database.Database): void;
    };
    const db = new Database(':memory:');
    try {
      options.prepareDatabase(db);
      return db.pragma('cache_size', { simple: true });
    } finally {
      db.close();
    }
  };

  it('gives the connection a page cache of SQLITE_CACHE_MB MiB (in KiB, negative)', () => {
    expect(cacheSizeAfterPrepare(256)).toBe(-256 * 1024);
  });

  it('128 MiB when the connection names none', () => {
    expect(cacheSizeAfterPrepare()).toBe(-128 * 1024);
  });
});
