import { expectConfigError } from '../../test/support/config-errors';
import { readDatabaseConfig } from './database.config';

describe('readDatabaseConfig', () => {
  describe('DATABASE_URL', () => {
    it('decodes a percent-encoded database name', () => {
      const url = 'mysql://root@127.0.0.1:3306/my%20docs';
      expect(readDatabaseConfig({ DATABASE_URL: url }).connection).toEqual({
        kind: 'mysql',
        url,
        database: 'my docs',
      });
    });

    it('prefers DATABASE_URL over SQLITE_PATH', () => {
      const url = 'mysql://root@localhost/docs';
      expect(
        readDatabaseConfig({ DATABASE_URL: url, SQLITE_PATH: './x.sqlite' }).connection,
      ).toEqual({
        kind: 'mysql',
        url,
        database: 'docs',
      });
    });

    it.each([
      { label: 'plain words', value: 'not a url' },
      { label: 'a missing colon after the scheme', value: 'mysql//root@localhost/docs' },
    ])('rejects a value that is not a URL: $label', ({ value }) => {
      expectConfigError(
        readDatabaseConfig,
        { DATABASE_URL: value },
        'Invalid configuration: DATABASE_URL is not a valid URL',
      );
    });

    it.each([
      { label: 'postgres', value: 'postgres://user:pass@localhost:5432/docs' },
      { label: 'https', value: 'https://example.com/docs' },
      { label: 'sqlite', value: 'sqlite:///tmp/docs.sqlite' },
    ])('rejects a URL that is not mysql://: $label', ({ value }) => {
      expectConfigError(
        readDatabaseConfig,
        { DATABASE_URL: value },
        'Invalid configuration: DATABASE_URL must start with mysql:// (unset it to use the embedded SQLite database)',
      );
    });

    it.each([
      { label: 'no path', value: 'mysql://root@127.0.0.1:3306' },
      { label: 'only a slash', value: 'mysql://root@127.0.0.1:3306/' },
      { label: 'a nested path', value: 'mysql://root@127.0.0.1:3306/a/b' },
    ])('rejects a MySQL URL without a single database name: $label', ({ value }) => {
      expectConfigError(
        readDatabaseConfig,
        { DATABASE_URL: value },
        'Invalid configuration: DATABASE_URL must name a database, as in mysql://user:pass@host:3306/docs',
      );
    });
  });

  describe('SQLITE_CACHE_MB', () => {
    it('is 128 MiB unless set', () => {
      expect(readDatabaseConfig({ SQLITE_PATH: './x.sqlite' }).connection).toEqual({
        kind: 'sqlite',
        path: './x.sqlite',
        cacheMb: 128,
      });
      expect(readDatabaseConfig({ SQLITE_CACHE_MB: ' 512 ' }).connection).toEqual({
        kind: 'sqlite',
        path: './data/docs.sqlite',
        cacheMb: 512,
      });
    });

    it.each(['0', '65537', '1.5', 'lots'])(
      'rejects SQLITE_CACHE_MB=%s naming the variable',
      (value) => {
        const shown = /^\d+$/.test(value) ? value : `"${value}"`;
        expectConfigError(
          readDatabaseConfig,
          { SQLITE_CACHE_MB: value },
          `Invalid configuration: SQLITE_CACHE_MB must be an integer between 1 and 65536 (got ${shown})`,
        );
      },
    );
  });

  describe('timeouts', () => {
    it.each([
      [
        'DB_QUERY_TIMEOUT_MS',
        '1e3',
        'DB_QUERY_TIMEOUT_MS must be an integer between 100 and 3600000 (got "1e3")',
      ],
      [
        'DB_CONNECT_TIMEOUT_MS',
        '0',
        'DB_CONNECT_TIMEOUT_MS must be an integer between 100 and 3600000 (got 0)',
      ],
    ])('rejects %s=%s naming the variable', (name, value, message) => {
      expectConfigError(readDatabaseConfig, { [name]: value }, `Invalid configuration: ${message}`);
    });
  });
});
