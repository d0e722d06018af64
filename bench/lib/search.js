// --search: bench/search-bench.js on each database, with this benchmark's databases and service.
'use strict';

const { openMysql, openSqlite } = require('./databases');
const { writeResults } = require('./report');
const { startServer, targetsFor } = require('./servers');

/** `--search`: bench/search-bench.js on each database, beside PostgreSQL. */
async function benchSearchEverywhere(kinds, options, stamp) {
  const { benchSearch } = require('../search-bench');
  if (!options.docsGiven) options.docs = 100_000;
  const [service, baseline] = targetsFor({ ...options, reference: false, floor: false });
  const results = [];
  for (const kind of kinds) {
    results.push(
      await benchSearch(kind, options, {
        openDatabase: (which) => (which === 'mysql' ? openMysql(stamp) : openSqlite()),
        startService: (databaseEnv) => startServer(service, databaseEnv, options, stamp),
        // With --baseline: another build on the same database, measured in turns with the service.
        startBaseline: baseline
          ? (databaseEnv) => startServer(baseline, databaseEnv, options, stamp)
          : undefined,
      }),
    );
  }
  writeResults(stamp, 'search', { options, results });
}

module.exports = { benchSearchEverywhere };
