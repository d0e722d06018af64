// Eight projects: unit specs beside the code (and the documentation's links), the same e2e suites
// against SQLite and MySQL, the medium tier (repositories and services, no HTTP) on both, Swagger UI in headless Chromium, the monitoring examples in a real
// Prometheus, and a Galera cluster losing a node under load. MySQL, Chromium, Prometheus and the
// cluster's programs are probed first: with CI set, a missing one fails the run; elsewhere its
// project is left out with a loud warning.
const { existsSync } = require('node:fs');
const mysql = require('mysql2/promise');
const { missingPrograms } = require('./scripts/galera-cluster');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306';

const swcTransform = {
  '^.+\\.(t|j)s$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// Nest 12 and some of its dependencies ship only ES modules, which Jest must transform (and
// openid-client, which sign-in loads when it is configured).
const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|peek-readable|uint8array-extras|@tokenizer|load-esm|openid-client|oauth4webapi|jose)/)',
];

const shared = {
  transform: swcTransform,
  transformIgnorePatterns,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};

async function mysqlReachable() {
  try {
    const connection = await mysql.createConnection({
      uri: TEST_DATABASE_URL,
      connectTimeout: 3000,
    });
    await connection.end();
    return true;
  } catch (error) {
    return error.message || String(error);
  }
}

module.exports = async () => {
  const reachable = await mysqlReachable();
  if (reachable !== true) {
    const where = TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//');
    if (process.env.CI) {
      throw new Error(`MySQL at ${where} is unreachable (${reachable}); CI requires it.`);
    }
    console.warn(
      `\n!!! MySQL at ${where} is unreachable (${reachable}): the e2e-mysql project is SKIPPED. ` +
        'Set TEST_DATABASE_URL or start MySQL/MariaDB to run it. !!!\n',
    );
  }
  const browser = existsSync(CHROMIUM);
  if (!browser) {
    if (process.env.CI) {
      throw new Error(
        `Chromium is missing at ${CHROMIUM}; CI requires it (apt-get install chromium).`,
      );
    }
    console.warn(
      `\n!!! Chromium is missing at ${CHROMIUM}: the browser project (Swagger UI) is SKIPPED. ` +
        'Install it with `apt-get install chromium` or set CHROMIUM_PATH. !!!\n',
    );
  }
  // The monitoring examples are loaded by a real Prometheus, scraping the service on MySQL.
  const prometheus = existsSync(PROMETHEUS);
  if (!prometheus) {
    if (process.env.CI) {
      throw new Error(
        `Prometheus is missing at ${PROMETHEUS}; CI requires it (apt-get install prometheus).`,
      );
    }
    console.warn(
      `\n!!! Prometheus is missing at ${PROMETHEUS}: the monitoring project (the examples/ ` +
        'scrape config, alerts and Grafana dashboard) is SKIPPED. Install it with ' +
        '`apt-get install prometheus` or set PROMETHEUS_PATH. !!!\n',
    );
  }
  const clusterMissing = missingPrograms();
  if (clusterMissing.length > 0) {
    if (process.env.CI) {
      throw new Error(
        `The Galera cluster test needs ${clusterMissing.join(', ')}; CI requires them ` +
          '(apt-get install mariadb-server galera-4 rsync haproxy).',
      );
    }
    console.warn(
      `\n!!! ${clusterMissing.join(', ')} missing: the cluster project (a Galera node killed under ` +
        'load) is SKIPPED. Install them with `apt-get install mariadb-server galera-4 rsync haproxy`. !!!\n',
    );
  }
  const e2e = (name) => ({
    ...shared,
    displayName: `e2e-${name}`,
    rootDir: __dirname,
    // test/mysql-only/: what only a database server has (connections that can be cut).
    testMatch: [
      '<rootDir>/test/e2e/**/*.e2e-spec.ts',
      ...(name === 'mysql' ? ['<rootDir>/test/mysql-only/**/*.e2e-spec.ts'] : []),
    ],
    setupFiles: [`<rootDir>/test/support/use-${name}.ts`],
  });
  // test/medium/: real repositories and services on the same databases, no HTTP.
  const medium = (name) => ({
    ...e2e(name),
    displayName: `medium-${name}`,
    testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'],
  });
  return {
    testTimeout: 30000,
    // Two suites at a time, whatever the cores (Jest would take one on a two-core machine): the
    // e2e suites mostly wait on a database, a child process or a timer, so a second worker
    // nearly halves the run (e2e-sqlite 253 -> 151 s on two cores), and the timing-bound suites
    // (event loop, deadlines, shutdown) were measured to hold with one neighbour. Override with
    // --maxWorkers.
    maxWorkers: 2,
    projects: [
      {
        ...shared,
        displayName: 'unit',
        rootDir: __dirname,
        // migrations/: the rule that migrations import no live code, and their frozen copies.
        testMatch: [
          '<rootDir>/src/**/*.spec.ts',
          '<rootDir>/migrations/**/*.spec.ts',
          '<rootDir>/test/docs/**/*.spec.ts',
        ],
      },
      e2e('sqlite'),
      medium('sqlite'),
      ...(reachable === true ? [e2e('mysql'), medium('mysql')] : []),
      ...(browser
        ? [
            {
              ...shared,
              displayName: 'browser',
              rootDir: __dirname,
              testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
            },
          ]
        : []),
      ...(prometheus && reachable === true
        ? [
            {
              ...shared,
              displayName: 'monitoring',
              rootDir: __dirname,
              testMatch: ['<rootDir>/test/monitoring/**/*.monitoring-spec.ts'],
              setupFiles: ['<rootDir>/test/support/use-mysql.ts'],
            },
          ]
        : []),
      ...(clusterMissing.length === 0
        ? [
            {
              ...shared,
              displayName: 'cluster',
              rootDir: __dirname,
              testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'],
            },
          ]
        : []),
    ],
  };
};
