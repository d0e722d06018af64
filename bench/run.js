#!/usr/bin/env node
// The benchmark behind `npm run bench`: starts the built server (dist/) on a fresh MySQL database
// and/or a fresh SQLite file, seeds one user with N documents (and as many again for other users,
// so the indexes have to pick the user's rows out of the tables), drives each case with
// autocannon and prints a table; the same figures go to bench/results/<time>-<db>.json.
//
//   npm run bench                         both databases, 10,000 documents, 10 s per case
//   npm run bench -- --db mysql --docs 100000 --duration 20
//   npm run bench -- --sweep              list page 1 and last page at 1,000 / 10,000 / 100,000
//   npm run bench -- --reference          the service against bench/reference-server.js (MySQL)
//   npm run bench -- --reference --floor  and against the card's floor (card-floor-server.js)
//   npm run bench -- --workers 2          the service with 1 and with 2 worker processes
//   npm run bench -- --hostile            each request of bench/hostile-requests.js while a
//                                         client polls /health every 10 ms: the slowest answer
//   npm run bench -- --search             search at 100,000 documents on both databases beside
//                                         PostgreSQL 15 (bench/search-bench.js): p50/p99, recall
//   npm run bench -- --teams --docs 100000  a member of 50 groups reaching the documents through
//                                         folder shares beside a reader with direct shares of the
//                                         same documents; a group of 1,000 given a folder of 10,000
//
// Options:
//   --db mysql|sqlite|both    which databases (default both; --reference implies mysql)
//   --docs N                  documents of the benchmark's user (default 10,000)
//   --duration S              seconds measured per case, after a 2 s warm-up (default 10)
//   --connections C           autocannon's concurrent connections (default 32)
//   --only <text>[,<text>]    only the cases whose name contains one of the texts
//   --sweep, --sizes A,B,C    list page 1 and last page at each size (default 1000,10000,100000)
//   --reference               also run bench/reference-server.js, the raw node:http + mysql2
//                             server with the same SQL, and print service / reference ratios
//   --floor                   also run bench/card-floor-server.js, the reference's endpoints
//                             through the design card's least stack (Nest, Express, Passport
//                             guard, ValidationPipe): service / floor and floor / reference
//   --workers N               run the service with WEB_CONCURRENCY=1 and =N (rate-limit
//                             counters in Redis) and print the scaling
//   --redis                   rate-limit counters in Redis even with one process
//   --hostile                 instead of the load cases, the hostile requests (with --baseline,
//                             both builds); a request not answered within --hostile-timeout
//                             seconds (default 60) is given up and its server restarted
//   --teams                   instead of the load cases, the teams' (bench/lib/teams.js): the
//                             other users' documents in 50 folders shared with 50 groups of one
//                             member (as editors), the reader's direct shares made editor ones;
//                             list page 1, middle and last page, get one, update and search as each, and
//                             the timed requests (sharing a folder of 10,000 with a group of
//                             1,000, adding and removing a member) with the rows they store
//   --search                  instead of the load cases, the search benchmark (--docs default
//                             100,000; --duration per query; --no-postgres without the anchor;
//                             BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres;
//                             with --baseline, that build on the same database in turns, --rounds
//                             of each per query, rounds pooled)
//   --rounds R                the servers take turns R times per case; medians are reported
//                             (default 3 with more than one server, else 1)
//   --node <path>             the Node binary the servers run on (default: the one running this)
//   --baseline <dist dir>     also run another build of the service (a copy of dist/), for A/B
//   --baseline-node-flags "F" the baseline's Node flags instead of start:prod's ("" for none)
//   --cpu-prof                profile each measured case of each one-process server (written to
//                             bench/results/profiles; summary printed, see profile-summary.js)
//   --alloc-prof              the same for memory allocated (sampling heap profiler, freed
//                             objects included): bytes allocated per request by origin
//   --webhook                 the benchmark's user subscribes one webhook (all events) to a
//                             local receiver (bench/webhook-receiver.js, its own process) after
//                             seeding, and the service takes a second turn per round, "service
//                             +webhook", with it on (off in every other turn): each write then
//                             writes its event to the outbox and the service delivers it. Prints
//                             that turn against the service's, events/s and the lag from the
//                             write to receipt (p50/p99), and what was pending when the load ended
//   --no-delivery             with --webhook, the service delivers nothing (WEBHOOKS_DELIVER=
//                             false): the outbox insert's cost alone, without the dispatcher's
//   --rate R                  paced load: R requests a second in all (autocannon's overallRate)
//                             instead of as many as the connections can send; with --webhook,
//                             the lag of deliveries under a load below the delivery rate
//   --metrics                 also run the service with METRICS_PORT set ("service+metrics"),
//                             scraped every 5 s, and compare it with the service without
//   --keep                    leave the database in place (MySQL, or the SQLite file)
// MySQL: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306); the database is dms_bench_<time>.
// Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379). The service runs as `npm run
// start:prod` runs it (the same Node flags), with SERVER_ENV (bench/lib/servers.js); its log
// (LOG_LEVEL=log, i.e. info) goes to bench/results/logs/.
'use strict';

const os = require('node:os');
const { parseArgs } = require('./lib/arguments');
const { benchDatabase } = require('./lib/database-bench');
const { benchSearchEverywhere } = require('./lib/search');
const { nodeVersionOf, productionStart, targetsFor } = require('./lib/servers');

async function main() {
  const options = parseArgs(process.argv.slice(2));
  options.nodeVersion = nodeVersionOf(options.node);
  const servers = targetsFor(options).length;
  options.rounds ??= servers > 1 ? 3 : 1;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  options.stamp = stamp;
  const kinds = options.db === 'both' ? ['mysql', 'sqlite'] : [options.db];
  const cpus = os.cpus();
  console.log(
    `Benchmark: ${kinds.join(' and ')}, ${options.sweep ? `sweep over ${options.sizes.join(', ')}` : options.docs} documents, ` +
      `${options.connections} connections, ${options.duration} s per case` +
      `${options.rounds > 1 ? `, ${options.rounds} rounds` : ''}; servers: ${targetsFor(options)
        .map((t) => t.name)
        .join(', ')}\n` +
      `Node ${options.nodeVersion} for the servers (${options.node}), ${process.version} for the benchmark; ` +
      `service started as start:prod: ${Object.entries(productionStart().env)
        .map(([name, value]) => `${name}=${value} `)
        .join('')}node ${productionStart().nodeFlags.join(' ')}; ` +
      `${cpus.length} x ${cpus[0]?.model}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  if (options.search) return benchSearchEverywhere(kinds, options, stamp);
  for (const kind of kinds) await benchDatabase(kind, options, stamp);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
