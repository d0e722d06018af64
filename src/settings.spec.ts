import { AppConfig, parseEnvironment } from './settings';

const DEFAULTS: AppConfig = {
  host: '0.0.0.0',
  port: 3000,
  workers: 1,
  database: { kind: 'sqlite', path: './data/docs.sqlite', cacheMb: 128 },
  seedDemoUser: true,
  logLevel: 'log',
  databaseLimits: { connectMs: 5000, queryMs: 10_000, preparedStatements: 64 },
  http: {
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 65_000,
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
  webhooks: {
    allowHttp: false,
    allowPrivate: false,
    retryScheduleMs: [5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    deliver: true,
    pollMs: 250,
  },
  tokens: { maxDays: 365, defaultDays: 90, maxActive: 50 },
  signIn: null,
};

// Each variable's values, and the messages refusing them, are tested beside its feature
// (`<feature>.config.spec.ts`); these read the whole environment.
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
        database: { kind: 'sqlite', path: '/tmp/docs.db', cacheMb: 128 },
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
  });

  describe('DATABASE_URL', () => {
    it('parses a MySQL URL into its kind, database name and the URL as given', () => {
      const url = 'mysql://docs_user:s3cret@db.example.com:3306/documents';
      expect(parseEnvironment({ DATABASE_URL: url })).toEqual({
        ...DEFAULTS,
        database: { kind: 'mysql', url, database: 'documents' },
        // InnoDB's full-text search costs more than FTS5's: MySQL scans further by default.
      });
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
  });

  describe('LOG_LEVEL', () => {
    it.each(['error', 'warn', 'log', 'debug', 'verbose'] as const)('accepts %s', (logLevel) => {
      expect(parseEnvironment({ LOG_LEVEL: logLevel })).toEqual({ ...DEFAULTS, logLevel });
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
      databaseLimits: DEFAULTS.databaseLimits,
      http: DEFAULTS.http,
      metrics: { host: 'localhost', port: 9464 },
      rateLimit: DEFAULTS.rateLimit,
      revisionsKeep: DEFAULTS.revisionsKeep,
      trash: DEFAULTS.trash,
      webhooks: DEFAULTS.webhooks,
      tokens: DEFAULTS.tokens,
      signIn: null,
    });
  });

  describe('timeouts and limits', () => {
    it('reads each one', () => {
      expect(
        parseEnvironment({
          DB_CONNECT_TIMEOUT_MS: '1500',
          DB_QUERY_TIMEOUT_MS: '2500',
          DB_PREPARED_STATEMENTS: '32',
          REQUEST_TIMEOUT_MS: '9000',
          KEEP_ALIVE_TIMEOUT_MS: '75000',
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
          WEBHOOKS_POLL_MS: '50',
        }),
      ).toEqual({
        ...DEFAULTS,
        webhooks: { ...DEFAULTS.webhooks, pollMs: 50 },
        revisionsKeep: 3,
        trash: { retentionDays: 0, purgeIntervalMs: 0 },
        databaseLimits: { connectMs: 1500, queryMs: 2500, preparedStatements: 32 },
        http: {
          ...DEFAULTS.http,
          requestTimeoutMs: 9000,
          keepAliveTimeoutMs: 75_000,
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
  });
});
