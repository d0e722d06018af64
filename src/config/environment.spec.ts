import { AppConfig, ConfigError, parseEnvironment } from './environment';

// `WEB_CONCURRENCY=auto` means one worker per CPU: pretend there are three.
jest.mock('node:os', () => ({
  ...jest.requireActual<object>('node:os'),
  availableParallelism: () => 3,
}));

const DEFAULTS: AppConfig = {
  host: '0.0.0.0',
  port: 3000,
  workers: 1,
  database: { kind: 'sqlite', path: './data/docs.sqlite' },
  seedDemoUser: true,
  logLevel: 'log',
  databaseTimeouts: { connectMs: 5000, queryMs: 10_000 },
  http: {
    requestTimeoutMs: 30_000,
    shutdownGraceMs: 10_000,
    shutdownDrainMs: null,
    shutdownReadyDelayMs: 5000,
    trustProxy: false,
    corsOrigins: [],
  },
  metrics: null,
  rateLimit: { windowMs: 60_000, perToken: 600, perAddress: 300, redisUrl: null },
  revisionsKeep: 100,
  trash: { retentionDays: 30, purgeIntervalMs: 600_000 },
  search: { scanLimit: 500 },
  webhooks: {
    allowHttp: false,
    allowPrivate: false,
    retryScheduleMs: [5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    deliver: true,
    pollMs: 250,
  },
};

/** Parses `env` expecting a rejection, and returns what was thrown. */
function rejectionOf(env: NodeJS.ProcessEnv): unknown {
  try {
    parseEnvironment(env);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected, but it was accepted`);
}

function expectConfigError(env: NodeJS.ProcessEnv, message: string): void {
  const error = rejectionOf(env);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toBe(message);
}

describe('parseEnvironment', () => {
  describe('defaults', () => {
    it('uses the documented defaults for an empty environment', () => {
      expect(parseEnvironment({})).toEqual(DEFAULTS);
    });

    it('treats empty values as unset', () => {
      const env = { HOST: '', PORT: '', DATABASE_URL: '', SEED_DEMO_USER: '', LOG_LEVEL: '' };
      expect(parseEnvironment(env)).toEqual(DEFAULTS);
    });

    it('ignores variables it does not know', () => {
      expect(parseEnvironment({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' })).toEqual(DEFAULTS);
    });

    it('takes HOST and SQLITE_PATH as given', () => {
      expect(parseEnvironment({ HOST: '127.0.0.1', SQLITE_PATH: '/tmp/docs.db' })).toEqual({
        ...DEFAULTS,
        host: '127.0.0.1',
        database: { kind: 'sqlite', path: '/tmp/docs.db' },
      });
    });
  });

  describe('PORT', () => {
    it.each([
      { value: '8080', port: 8080 },
      { value: '0', port: 0 },
      { value: '65535', port: 65535 },
      { value: ' 4000 ', port: 4000 },
    ])('accepts $value as $port', ({ value, port }) => {
      expect(parseEnvironment({ PORT: value })).toEqual({ ...DEFAULTS, port });
    });

    it.each([
      { value: 'abc', got: '"abc"' },
      { value: '-1', got: '"-1"' },
      { value: '70000', got: '70000' },
      { value: '65536', got: '65536' },
      { value: '1.5', got: '"1.5"' },
      { value: '80abc', got: '"80abc"' },
    ])('rejects $value with a message naming PORT', ({ value, got }) => {
      expectConfigError(
        { PORT: value },
        `Invalid configuration: PORT must be an integer between 0 and 65535 (got ${got})`,
      );
    });
  });

  describe('DATABASE_URL', () => {
    it('parses a MySQL URL into its kind, database name and the URL as given', () => {
      const url = 'mysql://docs_user:s3cret@db.example.com:3306/documents';
      expect(parseEnvironment({ DATABASE_URL: url })).toEqual({
        ...DEFAULTS,
        database: { kind: 'mysql', url, database: 'documents' },
        // InnoDB's full-text search costs more than FTS5's: MySQL scans further by default.
        search: { scanLimit: 20_000 },
      });
    });

    it('decodes a percent-encoded database name', () => {
      const url = 'mysql://root@127.0.0.1:3306/my%20docs';
      expect(parseEnvironment({ DATABASE_URL: url }).database).toEqual({
        kind: 'mysql',
        url,
        database: 'my docs',
      });
    });

    it('prefers DATABASE_URL over SQLITE_PATH', () => {
      const url = 'mysql://root@localhost/docs';
      expect(parseEnvironment({ DATABASE_URL: url, SQLITE_PATH: './x.sqlite' }).database).toEqual({
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
        { DATABASE_URL: value },
        'Invalid configuration: DATABASE_URL must name a database, as in mysql://user:pass@host:3306/docs',
      );
    });
  });

  describe('WEBHOOKS_RETRY_SCHEDULE', () => {
    it('reads durations in seconds, minutes and hours; the default spans about 28 hours', () => {
      expect(
        parseEnvironment({ WEBHOOKS_RETRY_SCHEDULE: ' 1s, 2m,3h ' }).webhooks.retryScheduleMs,
      ).toEqual([1000, 120_000, 10_800_000]);
      const total = DEFAULTS.webhooks.retryScheduleMs.reduce((sum, delay) => sum + delay, 0);
      expect(total / 3_600_000).toBeCloseTo(27.6, 1);
    });

    it('takes none for no retries', () => {
      expect(
        parseEnvironment({ WEBHOOKS_RETRY_SCHEDULE: 'none' }).webhooks.retryScheduleMs,
      ).toEqual([]);
    });

    it.each(['5', '5d', '0s', '1s,,2s', '-1m', '1.5h'])('refuses %j', (value) => {
      const entry = value === '1s,,2s' ? '' : value;
      expectConfigError(
        { WEBHOOKS_RETRY_SCHEDULE: value },
        `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE must be comma-separated durations such as 5s,5m,2h (got ${JSON.stringify(entry)})`,
      );
    });

    it('refuses more than 50 retries', () => {
      expectConfigError(
        { WEBHOOKS_RETRY_SCHEDULE: Array(51).fill('1s').join(',') },
        'Invalid configuration: WEBHOOKS_RETRY_SCHEDULE may list at most 50 retries (got 51)',
      );
    });
  });

  describe('WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE, WEBHOOKS_DELIVER', () => {
    it('reads them as booleans', () => {
      const { webhooks } = parseEnvironment({
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE: 'yes',
        WEBHOOKS_DELIVER: 'off',
      });
      expect(webhooks).toMatchObject({ allowHttp: true, allowPrivate: true, deliver: false });
    });

    it('refuses a value that is no boolean', () => {
      expectConfigError(
        { WEBHOOKS_ALLOW_PRIVATE: 'maybe' },
        'Invalid configuration: WEBHOOKS_ALLOW_PRIVATE must be true or false (got "maybe")',
      );
    });
  });

  describe('SEED_DEMO_USER', () => {
    it.each([
      { value: 'true', seedDemoUser: true },
      { value: 'false', seedDemoUser: false },
      { value: 'TRUE', seedDemoUser: true },
      { value: ' False ', seedDemoUser: false },
      { value: '1', seedDemoUser: true },
      { value: '0', seedDemoUser: false },
      { value: 'yes', seedDemoUser: true },
      { value: 'no', seedDemoUser: false },
      { value: 'on', seedDemoUser: true },
      { value: 'off', seedDemoUser: false },
    ])('reads $value as $seedDemoUser', ({ value, seedDemoUser }) => {
      expect(parseEnvironment({ SEED_DEMO_USER: value })).toEqual({ ...DEFAULTS, seedDemoUser });
    });

    it.each(['garbage', '2', 'truthy'])(
      'rejects %s with a message naming SEED_DEMO_USER',
      (value) => {
        expectConfigError(
          { SEED_DEMO_USER: value },
          `Invalid configuration: SEED_DEMO_USER must be true or false (got "${value}")`,
        );
      },
    );
  });

  describe('LOG_LEVEL', () => {
    it.each(['error', 'warn', 'log', 'debug', 'verbose'] as const)('accepts %s', (logLevel) => {
      expect(parseEnvironment({ LOG_LEVEL: logLevel })).toEqual({ ...DEFAULTS, logLevel });
    });

    it.each(['loud', 'DEBUG', 'info'])('rejects %s with a message listing the levels', (value) => {
      expectConfigError(
        { LOG_LEVEL: value },
        `Invalid configuration: LOG_LEVEL must be one of error, warn, log, debug, verbose (got "${value}")`,
      );
    });
  });

  it('reads every variable together', () => {
    expect(
      parseEnvironment({
        HOST: 'localhost',
        PORT: '8081',
        DATABASE_URL: 'mysql://u:p@h:3307/dms',
        SEED_DEMO_USER: 'false',
        LOG_LEVEL: 'debug',
        METRICS_PORT: '9464',
      }),
    ).toEqual({
      host: 'localhost',
      port: 8081,
      workers: 1,
      database: { kind: 'mysql', url: 'mysql://u:p@h:3307/dms', database: 'dms' },
      seedDemoUser: false,
      logLevel: 'debug',
      databaseTimeouts: DEFAULTS.databaseTimeouts,
      http: DEFAULTS.http,
      metrics: { host: 'localhost', port: 9464 },
      rateLimit: DEFAULTS.rateLimit,
      revisionsKeep: DEFAULTS.revisionsKeep,
      trash: DEFAULTS.trash,
      search: { scanLimit: 20_000 },
      webhooks: DEFAULTS.webhooks,
    });
  });

  describe('timeouts and limits', () => {
    it('reads each one', () => {
      expect(
        parseEnvironment({
          DB_CONNECT_TIMEOUT_MS: '1500',
          DB_QUERY_TIMEOUT_MS: '2500',
          REQUEST_TIMEOUT_MS: '9000',
          SHUTDOWN_GRACE_MS: '0',
          SHUTDOWN_DRAIN_MS: '1500',
          SHUTDOWN_READY_DELAY_MS: '0',
          RATE_LIMIT_WINDOW_MS: '1000',
          RATE_LIMIT_PER_TOKEN: '5',
          RATE_LIMIT_PER_ADDRESS: '0',
          REDIS_URL: 'redis://127.0.0.1:6379/2',
          REVISIONS_KEEP: '3',
          TRASH_RETENTION_DAYS: '0',
          PURGE_INTERVAL_MS: '0',
          SEARCH_SCAN_LIMIT: '0',
          WEBHOOKS_POLL_MS: '50',
        }),
      ).toEqual({
        ...DEFAULTS,
        webhooks: { ...DEFAULTS.webhooks, pollMs: 50 },
        revisionsKeep: 3,
        search: { scanLimit: 0 },
        trash: { retentionDays: 0, purgeIntervalMs: 0 },
        databaseTimeouts: { connectMs: 1500, queryMs: 2500 },
        http: {
          ...DEFAULTS.http,
          requestTimeoutMs: 9000,
          shutdownGraceMs: 0,
          shutdownDrainMs: 1500,
          shutdownReadyDelayMs: 0,
        },
        rateLimit: {
          windowMs: 1000,
          perToken: 5,
          perAddress: 0,
          redisUrl: 'redis://127.0.0.1:6379/2',
        },
      });
    });

    it.each([
      [
        'RATE_LIMIT_PER_TOKEN',
        '-1',
        'RATE_LIMIT_PER_TOKEN must be an integer between 0 and 1000000000 (got "-1")',
      ],
      [
        'RATE_LIMIT_PER_ADDRESS',
        'many',
        'RATE_LIMIT_PER_ADDRESS must be an integer between 0 and 1000000000 (got "many")',
      ],
      [
        'RATE_LIMIT_WINDOW_MS',
        '10',
        'RATE_LIMIT_WINDOW_MS must be an integer between 1000 and 3600000 (got 10)',
      ],
      ['REVISIONS_KEEP', '0', 'REVISIONS_KEEP must be an integer between 1 and 1000000 (got 0)'],
      [
        'SEARCH_SCAN_LIMIT',
        'lots',
        'SEARCH_SCAN_LIMIT must be an integer between 0 and 1000000 (got "lots")',
      ],
      [
        'TRASH_RETENTION_DAYS',
        '-1',
        'TRASH_RETENTION_DAYS must be an integer between 0 and 36500 (got "-1")',
      ],
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
      [
        'REQUEST_TIMEOUT_MS',
        '2.5',
        'REQUEST_TIMEOUT_MS must be an integer between 100 and 3600000 (got "2.5")',
      ],
      [
        'SHUTDOWN_GRACE_MS',
        '-5',
        'SHUTDOWN_GRACE_MS must be an integer between 0 and 3600000 (got "-5")',
      ],
      [
        'SHUTDOWN_DRAIN_MS',
        'soon',
        'SHUTDOWN_DRAIN_MS must be an integer between 0 and 3600000 (got "soon")',
      ],
      [
        'SHUTDOWN_READY_DELAY_MS',
        '5s',
        'SHUTDOWN_READY_DELAY_MS must be an integer between 0 and 3600000 (got "5s")',
      ],
    ])('rejects %s=%s naming the variable', (name, value, message) => {
      expectConfigError({ [name]: value }, `Invalid configuration: ${message}`);
    });

    it.each([
      ['localhost:6379', 'REDIS_URL must start with redis:// or rediss://'],
      ['http://127.0.0.1:6379', 'REDIS_URL must start with redis:// or rediss://'],
      ['not a url', 'REDIS_URL is not a valid URL'],
    ])('rejects REDIS_URL=%s', (value, message) => {
      expectConfigError({ REDIS_URL: value }, `Invalid configuration: ${message}`);
    });
  });

  describe('TRUST_PROXY', () => {
    it.each([
      ['false', false],
      ['true', true],
      ['1', true],
      ['2', 2],
      ['loopback', ['loopback']],
      ['10.0.0.0/8, 127.0.0.1, ::1, fd00::/8', ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']],
    ])('reads %s', (value, trustProxy) => {
      expect(parseEnvironment({ TRUST_PROXY: value }).http.trustProxy).toEqual(trustProxy);
    });

    it.each(['everyone', '10.0.0.0/33', '300.1.1.1', 'loopback,,'])('rejects %s', (value) => {
      expect(rejectionOf({ TRUST_PROXY: value })).toBeInstanceOf(ConfigError);
      expect((rejectionOf({ TRUST_PROXY: value }) as Error).message).toMatch(
        /^Invalid configuration: TRUST_PROXY must be /,
      );
    });
  });

  describe('CORS_ORIGINS', () => {
    it('reads a comma-separated allow-list of origins', () => {
      expect(
        parseEnvironment({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/' }).http
          .corsOrigins,
      ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    });

    it('accepts *', () => {
      expect(parseEnvironment({ CORS_ORIGINS: '*' }).http.corsOrigins).toEqual(['*']);
    });

    it.each(['app.example.com', 'https://app.example.com/path', 'ftp://files.example.com'])(
      'rejects %s',
      (value) => {
        expectConfigError(
          { CORS_ORIGINS: value },
          `Invalid configuration: CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com (got ${JSON.stringify(value)})`,
        );
      },
    );
  });
  describe('WEB_CONCURRENCY', () => {
    const mysql = { DATABASE_URL: 'mysql://u@h:3306/dms' };
    const shared = { ...mysql, REDIS_URL: 'redis://127.0.0.1:6379' };
    const unlimited = { ...mysql, RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_ADDRESS: '0' };

    it.each([
      [{ WEB_CONCURRENCY: '1' }, 1],
      [{ ...shared, WEB_CONCURRENCY: '4' }, 4],
      [{ ...unlimited, WEB_CONCURRENCY: ' 2 ' }, 2],
      [{ ...shared, WEB_CONCURRENCY: 'auto' }, 3],
      [{ ...shared, WEB_CONCURRENCY: 'AUTO' }, 3],
    ])('reads %j as %i worker(s)', (env, workers) => {
      expect(parseEnvironment(env).workers).toBe(workers);
    });

    it.each(['0', '-1', '1.5', 'two', '257', 'auto2'])(
      'rejects %s naming the variable',
      (value) => {
        expectConfigError(
          { ...shared, WEB_CONCURRENCY: value },
          `Invalid configuration: WEB_CONCURRENCY must be auto or an integer between 1 and 256 (got ${JSON.stringify(value)})`,
        );
      },
    );

    it('refuses more than one worker on the embedded SQLite database', () => {
      expectConfigError(
        { WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' },
        'Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process (got "2")',
      );
    });

    it.each([
      [{}, '2'],
      [{ RATE_LIMIT_PER_TOKEN: '0' }, '3'],
      [{ RATE_LIMIT_PER_ADDRESS: '0' }, '2'],
    ])('refuses several workers with limits on (%j) and no REDIS_URL', (limits, count) => {
      expectConfigError(
        { ...mysql, ...limits, WEB_CONCURRENCY: count },
        `Invalid configuration: WEB_CONCURRENCY above 1 with rate limits on needs REDIS_URL, or each worker would grant the whole budget (set REDIS_URL, or RATE_LIMIT_PER_TOKEN=0 and RATE_LIMIT_PER_ADDRESS=0) (got "${count}")`,
      );
    });

    it('names the CPU count when auto is refused', () => {
      expectConfigError(
        { WEB_CONCURRENCY: 'auto' },
        'Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process (got "auto" on 3 CPUs)',
      );
    });
  });

  describe('metrics', () => {
    it('are off unless METRICS_PORT is set', () => {
      expect(parseEnvironment({ METRICS_HOST: '127.0.0.1' }).metrics).toBeNull();
    });

    it('listen on HOST unless METRICS_HOST is given', () => {
      expect(parseEnvironment({ HOST: '10.0.0.5', METRICS_PORT: '9464' }).metrics).toEqual({
        host: '10.0.0.5',
        port: 9464,
      });
      expect(parseEnvironment({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toEqual(
        { host: '127.0.0.1', port: 9464 },
      );
    });

    it.each([
      ['0', 'METRICS_PORT must be an integer between 1 and 65535 (got 0)'],
      ['metrics', 'METRICS_PORT must be an integer between 1 and 65535 (got "metrics")'],
    ])('rejects METRICS_PORT=%s', (value, message) => {
      expectConfigError({ METRICS_PORT: value }, `Invalid configuration: ${message}`);
    });

    it('refuses the public port', () => {
      expectConfigError(
        { PORT: '8080', METRICS_PORT: '8080' },
        'Invalid configuration: METRICS_PORT must differ from PORT: metrics are never served on the public port (got 8080)',
      );
    });
  });
});
