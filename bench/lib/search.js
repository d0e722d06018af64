// --search: bench/search-bench.js on each database, with this benchmark's databases and service.
'use strict';

const { openMysql, openSqlite } = require('./databases');
const { writeResults } = require('./report');
const { startServer, targetsFor } = require('./servers');

/** `--search`: bench/search-bench.js on each database, beside PostgreSQL. */
async function benchSearchEverywhere(kinds, options, stamp) {
  const { benchSearch } = require('../search-bench');
  if (!options.docsGiven) options.docs = 100_000;
  const service = targetsFor({
    ...options,
    reference: false,
    floor: false,
    baseline: undefined,
  })[0];
  const results = [];
  for (const kind of kinds) {
    results.push(
      await benchSearch(kind, options, {
        openDatabase: (which) => (which === 'mysql' ? openMysql(stamp) : openSqlite()),
        startService: (databaseEnv) => startServer(service, databaseEnv, options, stamp),
      }),
    );
  }
  writeResults(stamp, 'search', { options, results });
}

module.exports = { benchSearchEverywhere };
