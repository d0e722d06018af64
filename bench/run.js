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
//   --search                  instead of the load cases, the search benchmark (--docs default
//                             100,000; --duration per query; --no-postgres without the anchor;
//                             BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
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
// start:prod` runs it (the same Node flags), with SERVER_ENV below; its log (LOG_LEVEL=log, i.e.
// info) goes to bench/results/logs/.
'use strict';

const { execFileSync, spawn } = require('node:child_process');
const { createHash, randomBytes, randomUUID } = require('node:crypto');
const {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const { join, resolve: resolvePath } = require('node:path');
const autocannon = require('autocannon');
const { HOSTILE_REQUESTS, whilePollingHealth } = require('./hostile-requests');
const { topOrigins } = require('./profile-summary');

const root = join(__dirname, '..');

/**
 * Environment for the service under test, in one place: as an operator runs it in production.
 * Access lines at `info` go to a file (the benchmark redirects stdout); rate limiting is on,
 * with limits the load cannot reach (one token drives thousands of requests a second here).
 */
const SERVER_ENV = {
  LOG_LEVEL: 'log',
  SEED_DEMO_USER: 'false',
  RATE_LIMIT_PER_TOKEN: '1000000000',
  RATE_LIMIT_PER_ADDRESS: '1000000000',
  SHUTDOWN_READY_DELAY_MS: '0',
};
/** How often --metrics scrapes the service's metrics (Prometheus's default is 60 s, often 15 s). */
const SCRAPE_INTERVAL_MS = 5000;

const OTHER_USERS = 4;
const UPDATE_TARGETS = 1000;
const INSERT_BATCH = 1000;
/** How often the resident memory of every server process is read. */
const MEMORY_SAMPLE_MS = 100;

function parseArgs(argv) {
  const options = {
    db: 'both',
    docs: 10_000,
    duration: 10,
    connections: 32,
    sweep: false,
    sizes: [1_000, 10_000, 100_000],
    keep: false,
    cpuProf: false,
    allocProf: false,
    only: undefined,
    reference: false,
    floor: false,
    workers: 1,
    redis: false,
    hostile: false,
    hostileTimeout: 60,
    rounds: undefined,
    node: process.execPath,
    baseline: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const positiveInteger = (text) => {
      const number = Number(text);
      if (!Number.isInteger(number) || number < 1) {
        throw new Error(`${arg} must be a positive integer`);
      }
      return number;
    };
    if (arg === '--docs') options.docsGiven = true;
    if (arg === '--db') {
      options.db = value();
      if (!['mysql', 'sqlite', 'both'].includes(options.db)) {
        throw new Error('--db must be mysql, sqlite or both');
      }
    } else if (arg === '--docs') options.docs = positiveInteger(value());
    else if (arg === '--duration') options.duration = positiveInteger(value());
    else if (arg === '--connections') options.connections = positiveInteger(value());
    else if (arg === '--sizes') options.sizes = value().split(',').map(positiveInteger);
    else if (arg === '--sweep') options.sweep = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--webhook') options.webhook = true;
    else if (arg === '--metrics') options.metrics = true;
    else if (arg === '--no-delivery') options.noDelivery = true;
    else if (arg === '--rate') options.rate = positiveInteger(value());
    else if (arg === '--cpu-prof') options.cpuProf = true;
    else if (arg === '--alloc-prof') options.allocProf = true;
    else if (arg === '--only') options.only = value();
    else if (arg === '--reference') options.reference = true;
    else if (arg === '--floor') options.floor = true;
    else if (arg === '--workers') options.workers = positiveInteger(value());
    else if (arg === '--redis') options.redis = true;
    else if (arg === '--hostile') options.hostile = true;
    else if (arg === '--search') options.search = true;
    else if (arg === '--no-postgres') options.noPostgres = true;
    else if (arg === '--hostile-timeout') options.hostileTimeout = positiveInteger(value());
    else if (arg === '--rounds') options.rounds = positiveInteger(value());
    else if (arg === '--node') options.node = resolvePath(value());
    else if (arg === '--baseline') options.baseline = resolvePath(value());
    else if (arg === '--baseline-node-flags') options.baselineNodeFlags = value();
    else if (arg === '--help' || arg === '-h') {
      console.log(readFileSync(__filename, 'utf8').split('\n').slice(1, 48).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  if (options.reference || options.floor) {
    if (options.db === 'sqlite')
      throw new Error('--reference and --floor need MySQL (they are mysql2 only)');
    options.db = 'mysql';
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Processes: memory and CPU from /proc, for a server and every process it started

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<pid>/children. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8');
      for (const child of children.split(' ')) if (child.trim()) pids.push(Number(child));
    } catch {
      // gone, or no children file
    }
  }
  return pids;
}

/** A process's memory figures (kB) from /proc: current and peak resident set. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number((status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm')) ?? [])[1]);
    return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
  } catch {
    return { rssKb: 0, peakKb: 0 };
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the file, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** System calls (reads, writes) a process has made so far, from /proc/<pid>/io. */
function syscallsOf(pid) {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(io)?.[1] ?? 0);
    return { reads: field('syscr'), writes: field('syscw') };
  } catch {
    return { reads: 0, writes: 0 };
  }
}

const treeSyscalls = (pid) =>
  processTree(pid).reduce(
    (sum, p) => {
      const calls = syscallsOf(p);
      return { reads: sum.reads + calls.reads, writes: sum.writes + calls.writes };
    },
    { reads: 0, writes: 0 },
  );
const treeRssKb = (pid) => processTree(pid).reduce((sum, p) => sum + memoryOf(p).rssKb, 0);
const treeCpuMs = (pid) => processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0);

function nodeVersionOf(binary) {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

// ---------------------------------------------------------------------------------------------
// The servers under test

/**
 * What to run: the service (dist/src/main.js) or the reference, with how many processes. The
 * service's stdout (its JSON log) goes to a file, as an operator's would.
 */
/**
 * How production runs the service: the environment variables and Node flags of
 * `npm run start:prod` (`[VAR=value ...] node <flags> dist/src/main.js` in package.json), so
 * the benchmark starts it the same way.
 */
function productionStart() {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['start:prod'];
  const words = script.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [name, value] = words.shift().split('=');
    env[name] = value;
  }
  if (words[0] !== 'node' || words.at(-1) !== 'dist/src/main.js') {
    throw new Error(`start:prod is not "[VAR=value ...] node <flags> dist/src/main.js": ${script}`);
  }
  return { env, nodeFlags: words.slice(1, -1) };
}

function targetsFor(options) {
  const production = productionStart();
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  const counts = options.workers > 1 ? [1, options.workers] : [1];
  const targets = [];
  for (const workers of counts) {
    const suffix = counts.length > 1 ? ` x${workers}` : '';
    if (options.reference) {
      targets.push({
        name: `reference${suffix}`,
        kind: 'reference',
        workers,
        script: join(__dirname, 'reference-server.js'),
        nodeFlags: [],
        env: { REFERENCE_WORKERS: String(workers) },
      });
    }
    if (options.floor && workers === 1) {
      targets.push({
        name: 'floor',
        kind: 'floor',
        workers,
        script: join(__dirname, 'card-floor-server.js'),
        nodeFlags: [],
        env: {},
      });
    }
    targets.push({
      name: `service${suffix}`,
      kind: 'service',
      workers,
      script: join(root, 'dist', 'src', 'main.js'),
      nodeFlags: production.nodeFlags,
      env: {
        ...production.env,
        ...SERVER_ENV,
        WEB_CONCURRENCY: String(workers),
        ...((options.redis || options.workers > 1) && { REDIS_URL: redisUrl }),
        // The receiver is on 127.0.0.1, over http: allowed for the benchmark only.
        ...(options.webhook && { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' }),
        ...(options.noDelivery && { WEBHOOKS_DELIVER: 'false' }),
      },
    });
  }
  if (options.baseline) {
    // Another build of the service (a copy of dist/ from before a change), for A/B runs.
    targets.push({
      ...targets.find((target) => target.kind === 'service' && target.workers === 1),
      name: 'baseline',
      kind: 'baseline',
      script: join(options.baseline, 'src', 'main.js'),
      ...(options.baselineNodeFlags !== undefined && {
        nodeFlags: options.baselineNodeFlags.split(/\s+/).filter(Boolean),
      }),
    });
  }
  if (options.metrics) {
    // The same service with its metrics listener on, and scraped.
    targets.push({
      ...targets.find((target) => target.kind === 'service' && target.workers === 1),
      name: 'service+metrics',
      kind: 'metrics',
    });
  }
  return targets;
}

async function startServer(target, databaseEnv, options, stamp) {
  const port = await freePort();
  const metricsPort = target.kind === 'metrics' ? await freePort() : undefined;
  const env = {
    ...process.env,
    ...target.env,
    ...databaseEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(metricsPort && { METRICS_PORT: String(metricsPort) }),
  };
  if (!databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (target.kind !== 'reference' && !target.env.REDIS_URL) delete env.REDIS_URL;
  const flags = [...target.nodeFlags, '-r', join(__dirname, 'server-probe.js')];
  const logs = join(root, 'bench', 'results', 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${stamp}-${target.name.replace(/\W+/g, '-')}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(options.node, [...flags, target.script], {
    cwd: root,
    env,
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  closeSync(out);
  let exited = false;
  let exitReason = '';
  child.once('exit', (code, signal) => {
    exited = true;
    exitReason = signal ? `killed by ${signal}` : `exit code ${code}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (exited) throw new Error(`${target.name} exited while starting (${exitReason})`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error(`${target.name} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Every worker listening: give them a moment to finish starting before measuring memory.
  await new Promise((resolve) => setTimeout(resolve, 500));
  let scraper;
  if (metricsPort) {
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (!response.ok) throw new Error(`${target.name}: /metrics answered ${response.status}`);
      await response.text();
    };
    await scrape();
    scraper = setInterval(
      () => scrape().catch((error) => console.error(error.message)),
      SCRAPE_INTERVAL_MS,
    );
  }
  const server = {
    ...target,
    baseUrl,
    pid: child.pid,
    logFile,
    peakTreeRssKb: 0,
    /** Throws if the server has stopped (a crash, or someone else's kill). */
    assertRunning: () => {
      if (exited) throw new Error(`${target.name} stopped (${exitReason})`);
    },
    /** Asks the server's main process (bench/server-probe.js); undefined if it does not answer. */
    probe: (message, timeoutMs = 10_000) =>
      new Promise((resolve) => {
        if (exited || !child.connected) return resolve(undefined);
        const timer = setTimeout(() => {
          child.off('message', listener);
          resolve(undefined);
        }, timeoutMs);
        const listener = (answer) => {
          if (!answer || answer.probeAnswer === undefined) return;
          clearTimeout(timer);
          child.off('message', listener);
          resolve(answer.probeAnswer);
        };
        child.on('message', listener);
        child.send(message);
      }),
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        clearInterval(scraper);
        if (exited) return resolve();
        child.once('exit', resolve);
        child.kill(signal);
      }),
  };
  server.heapAfterStart = await server.probe({ probe: 'heap' });
  return server;
}

/** Samples the resident memory of every server's process tree for the whole benchmark. */
function watchMemory(servers) {
  const sample = () => {
    for (const server of servers) {
      server.peakTreeRssKb = Math.max(server.peakTreeRssKb, treeRssKb(server.pid));
    }
  };
  sample();
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    sample();
  };
}

// ---------------------------------------------------------------------------------------------
// Databases: a uniform little interface over mysql2 and better-sqlite3 for seeding

async function openMysql(stamp) {
  const mysql = require('mysql2/promise');
  const server = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
  const name = `dms_bench_${stamp}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = await mysql.createConnection({ uri: server });
  const [[{ version }]] = await admin.query('SELECT VERSION() AS version');
  await admin.query(
    `CREATE DATABASE ${admin.escapeId(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  let connection;
  return {
    kind: 'mysql',
    version,
    env: { DATABASE_URL: url.toString() },
    insertIgnore: 'INSERT IGNORE',
    async connect() {
      connection = await mysql.createConnection({ uri: url.toString(), timezone: 'Z' });
    },
    async run(sql, params = []) {
      const [result] = await connection.query(sql, params);
      return result;
    },
    async all(sql, params = []) {
      const [rows] = await connection.query(sql, params);
      return rows;
    },
    async explain(sql, params) {
      const [rows] = await connection.query(`EXPLAIN ${sql}`, params);
      return rows;
    },
    async analyze() {
      await connection.query('ANALYZE TABLE docs, user_docs, user_doc_counts, folders');
    },
    async close(keep) {
      await connection?.end();
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeId(name)}`);
      await admin.end();
      return keep ? `kept the database ${name}` : undefined;
    },
  };
}

async function openSqlite() {
  const Database = require('better-sqlite3');
  const dir = mkdtempSync(join(os.tmpdir(), 'dms-bench-'));
  const path = join(dir, 'docs.sqlite');
  let db;
  return {
    kind: 'sqlite',
    version: `SQLite ${new Database(':memory:').prepare('SELECT sqlite_version() AS v').get().v}`,
    env: { SQLITE_PATH: path },
    insertIgnore: 'INSERT OR IGNORE',
    async connect() {
      db = new Database(path, { timeout: 5000 });
    },
    async run(sql, params = []) {
      return db.prepare(sql).run(...params);
    },
    async all(sql, params = []) {
      return db.prepare(sql).all(...params);
    },
    async explain(sql, params) {
      return db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
    },
    async analyze() {
      db.exec('ANALYZE');
    },
    async close(keep) {
      db?.close();
      if (keep) return `kept the database ${path}`;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

/** The benchmark's user with a token, and the other users whose documents share the tables. */
async function seedUsers(db) {
  const now = sqlTime(Date.now());
  const token = `dms_${randomBytes(32).toString('base64url')}`;
  const readerToken = `dms_${randomBytes(32).toString('base64url')}`;
  const emails = [`bench-${Date.now()}@example.com`, `reader-${Date.now()}@example.com`];
  for (let i = 1; i <= OTHER_USERS; i++) emails.push(`other${i}-${Date.now()}@example.com`);
  for (const email of emails) {
    await db.run(
      'INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES (?, ?, ?, NULL, ?)',
      [email, 'Bench', 'User', now],
    );
  }
  const users = await db.all(
    `SELECT id FROM users WHERE email IN (${emails.map(() => '?').join(', ')}) ORDER BY id`,
    emails,
  );
  const [user, reader, ...others] = users.map((row) => Number(row.id));
  for (const [owner, secret] of [
    [user, token],
    [reader, readerToken],
  ]) {
    await db.run(
      'INSERT INTO api_tokens (user_id, name, token_hash, token_prefix, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        owner,
        'bench',
        createHash('sha256').update(secret).digest('hex'),
        secret.slice(0, 8),
        'docs:read docs:write',
        now,
      ],
    );
  }
  await db.run(
    `${db.insertIgnore} INTO folders (user_id, path, path_hash, created_at) VALUES (?, ?, ?, ?)`,
    [user, '~/projects', createHash('sha256').update('~/projects').digest('hex'), now],
  );
  const [folder] = await db.all('SELECT id FROM folders WHERE user_id = ? AND path = ?', [
    user,
    '~/projects',
  ]);
  return {
    user,
    others,
    token,
    reader: { id: reader, token: readerToken },
    folderId: Number(folder.id),
    seeded: 0,
    clock: Date.now() - 1e9,
  };
}

/**
 * Adds documents until the user has `target` (and the other users as many again between
 * them), interleaved so that ids and times of different owners are mixed, with multi-row
 * INSERTs (the database's triggers add each owner's row and count). The other users' documents
 * are all shared with the reader, who then has `target` documents shared with them.
 */
async function seedDocs(db, seed, target) {
  const startedAt = Date.now();
  const missing = target - seed.seeded;
  if (missing <= 0) return 0;
  const [{ maxId }] = await db.all('SELECT COALESCE(MAX(id), 0) AS maxId FROM docs');
  const total = missing * 2;
  for (let start = 0; start < total; start += INSERT_BATCH) {
    const rows = [];
    const params = [];
    for (let i = start; i < Math.min(start + INSERT_BATCH, total); i++) {
      const mine = i % 2 === 0;
      const owner = mine ? seed.user : seed.others[(i >> 1) % seed.others.length];
      const number = seed.seeded + (i >> 1) + 1;
      seed.clock += 7;
      const at = sqlTime(seed.clock);
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(
        randomUUID(),
        owner,
        mine && number % 10 === 0 ? seed.folderId : null,
        `Document ${number}`,
        `<h1>Document ${number}</h1><p>Some <b>small</b> body text.</p>`,
        at,
        at,
      );
    }
    await db.run(
      `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  await db.run(
    `INSERT INTO user_docs (user_id, doc_id, role, created_at, doc_updated_at)
     SELECT ?, id, 'viewer', updated_at, updated_at FROM docs WHERE id > ? AND owner_id <> ?`,
    [seed.reader.id, maxId, seed.user],
  );
  await db.analyze();
  seed.seeded = target;
  return Date.now() - startedAt;
}

// ---------------------------------------------------------------------------------------------
// Load

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

async function measure(server, seed, options, testCase, round) {
  const { connections, duration } = options;
  server.assertRunning();
  // As a client sends them: a Content-Type only with a body.
  const headers = {
    authorization: `Bearer ${testCase.token ?? seed.token}`,
    ...(testCase.method !== 'GET' && { 'content-type': 'application/json' }),
  };
  const load = {
    url: server.baseUrl,
    connections,
    headers,
    // Paced: this many requests a second in all, whatever the server could take.
    ...(options.rate !== undefined && { overallRate: options.rate }),
    // A case of several requests: each connection sends them in turn.
    requests: testCase.requests ?? [
      {
        method: testCase.method,
        path: testCase.path,
        ...(testCase.body !== undefined && { body: testCase.body }),
        ...(testCase.setup !== undefined && { setupRequest: testCase.setup }),
      },
    ],
  };
  // A short warm-up (JIT, connection pool), not counted.
  await runAutocannon({ ...load, duration: 2 });
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, treeRssKb(server.pid));
  }, MEMORY_SAMPLE_MS);
  const profiled = server.workers === 1 && (options.cpuProf || options.allocProf);
  const kind = options.cpuProf ? 'profile' : 'allocations';
  if (profiled) await server.probe({ probe: `${kind}-start` });
  const cpuBefore = treeCpuMs(server.pid);
  const syscallsBefore = treeSyscalls(server.pid);
  const result = await runAutocannon({ ...load, duration });
  const cpuMs = treeCpuMs(server.pid) - cpuBefore;
  const syscallsAfter = treeSyscalls(server.pid);
  server.assertRunning();
  clearInterval(sampler);
  let profileFile;
  if (profiled) {
    const dir = join(root, 'bench', 'results', 'profiles');
    mkdirSync(dir, { recursive: true });
    const name = `${options.stamp}-${server.name}-${testCase.name}-${round}`.replace(
      /[^\w.-]+/g,
      '-',
    );
    const extension = options.cpuProf ? 'cpuprofile' : 'heapprofile';
    const file = join(dir, `${name}.${extension}`);
    profileFile = (await server.probe({ probe: `${kind}-stop`, file }))?.file;
  }
  peakRssKb = Math.max(peakRssKb, treeRssKb(server.pid));
  const perRequest = (n) => Number((n / Math.max(1, result.requests.total)).toFixed(2));
  return {
    case: testCase.name,
    server: server.name,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpuMsPerRequest: Number((cpuMs / Math.max(1, result.requests.total)).toFixed(3)),
    // Reads and writes of sockets and files (the log's included), per request.
    readSyscallsPerRequest: perRequest(syscallsAfter.reads - syscallsBefore.reads),
    writeSyscallsPerRequest: perRequest(syscallsAfter.writes - syscallsBefore.writes),
    peakRssMb: Math.round(peakRssKb / 1024),
    ...(profileFile && { profile: profileFile }),
  };
}

/** The list's first and last page: of the user's own documents, and of the reader's shared ones. */
function listCases(total, seed) {
  const lastPage = Math.max(1, Math.ceil(total / 20));
  const reader = { token: seed.reader.token };
  return [
    { name: 'list page 1', method: 'GET', path: '/api/v1/docs' },
    { name: `list last page (${lastPage})`, method: 'GET', path: `/api/v1/docs?page=${lastPage}` },
    { name: 'shared list page 1', method: 'GET', path: '/api/v1/docs', ...reader },
    {
      name: `shared list last page (${lastPage})`,
      method: 'GET',
      path: `/api/v1/docs?page=${lastPage}`,
      ...reader,
    },
  ];
}

/** The first document of the search benchmark's corpus in that language. */
function corpusDocument(language) {
  const { documentNumber } = require('./search-corpus');
  for (let n = 1; ; n++) {
    const doc = documentNumber(n);
    if (doc.language === language) return { title: doc.title, html: doc.html };
  }
}

async function allCases(db, seed) {
  const ownDocs = async (offset) =>
    (
      await db.all('SELECT uuid FROM docs WHERE owner_id = ? ORDER BY id LIMIT ? OFFSET ?', [
        seed.user,
        UPDATE_TARGETS,
        offset,
      ])
    ).map((row) => row.uuid);
  const targets = await ownDocs(0);
  // Documents no other case writes: the restore case restores their version 1.
  const untouched = await ownDocs(UPDATE_TARGETS);
  const restoreTargets = untouched.length > 0 ? untouched : targets;
  let nextRestore = 0;
  let nextTrash = 0;
  let next = 0;
  let folder = 0;
  const runId = Date.now().toString(36);
  return [
    ...listCases(seed.seeded, seed),
    { name: 'list per_page=100', method: 'GET', path: '/api/v1/docs?per_page=100' },
    { name: 'get one', method: 'GET', path: `/api/v1/docs/${targets[targets.length >> 1]}` },
    {
      // Every update keeps the version it replaces (a trigger, in the update's statement).
      name: 'update (with revision)',
      method: 'PUT',
      path: `/api/v1/docs/${targets[0]}`,
      setup: (request) => {
        next = (next + 1) % targets.length;
        return {
          ...request,
          path: `/api/v1/docs/${targets[next]}`,
          body: JSON.stringify({ title: `Updated ${next}`, html: `<p>Revision ${next}</p>` }),
        };
      },
    },
    {
      // Version 1 of each of 1,000 documents in turn (no other case writes them): a document
      // gets one more version per 1,000 requests, so version 1 stays among the 100 kept.
      name: 'restore',
      method: 'POST',
      path: `/api/v1/docs/${restoreTargets[0]}/revisions/1/restore`,
      setup: (request) => ({
        ...request,
        path: `/api/v1/docs/${restoreTargets[nextRestore++ % restoreTargets.length]}/revisions/1/restore`,
      }),
    },
    { name: 'revisions list', method: 'GET', path: `/api/v1/docs/${targets[0]}/revisions` },
    {
      name: 'create',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
    },
    {
      // What search indexing costs a real document: 5 KB of HTML to sanitise and index.
      name: 'create (5 KB, English)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify(corpusDocument('english')),
    },
    {
      name: 'create (5 KB, Chinese)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify(corpusDocument('chinese')),
    },
    {
      // A new Idempotency-Key per request: the key's INSERT and its completion on top.
      name: 'create with Idempotency-Key',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
      setup: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
      }),
    },
    {
      // One key for every request: after the first, each is a replay (2 statements).
      name: 'create replayed (one Idempotency-Key)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
      setup: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': `bench-replay-${runId}` },
      }),
    },
    {
      name: 'create in a new folder',
      method: 'POST',
      path: '/api/v1/docs',
      setup: (request) => {
        folder += 1;
        return {
          ...request,
          body: JSON.stringify({
            title: 'Bench',
            html: '<p>A <b>small</b> new document.</p>',
            path: `~/bench-${runId}/f${folder}`,
          }),
        };
      },
    },
    {
      // Last: a run that ends between the two leaves a document in the trash, and the next
      // lap's DELETE of it answers 404 (at most one per connection and run). Autocannon gives
      // each lap through the two requests a fresh context: each pair takes the next document.
      name: 'delete + restore',
      requests: [
        {
          method: 'DELETE',
          setupRequest: (request, context) => {
            context.doc ??= targets[nextTrash++ % targets.length];
            return { ...request, path: `/api/v1/docs/${context.doc}` };
          },
        },
        {
          method: 'POST',
          setupRequest: (request, context) => ({
            ...request,
            path: `/api/v1/trash/${context.doc}/restore`,
          }),
        },
      ],
    },
  ];
}

/**
 * Runs each case on every server, taking turns `rounds` times, so that slow drifts of a shared
 * machine touch all of them alike; every other round in the reverse order (reference, service,
 * service, reference, ...), so that what one turn leaves behind (the database's background
 * work after writes, a warmer cache) does not always fall on the same server.
 */
async function runCases(servers, seed, cases, options, kind) {
  const rows = [];
  for (const testCase of cases) {
    for (let round = 1; round <= options.rounds; round++) {
      const order = round % 2 === 1 ? servers : [...servers].reverse();
      for (const server of order) {
        await options.switchWebhook?.(server.webhookActive === true);
        const row = await measure(server, seed, options, testCase, round);
        rows.push({ ...row, round });
        console.log(
          `[${kind}] ${testCase.name} on ${server.name}${options.rounds > 1 ? `, round ${round}` : ''}: ` +
            `${row.reqPerSec} req/s, p99 ${row.p99Ms} ms, ${row.serverCpuMsPerRequest} ms CPU/req, ` +
            `${row.readSyscallsPerRequest} reads and ${row.writeSyscallsPerRequest} writes (system calls)/req`,
        );
        if (row.profile) {
          console.log(`    ${topOrigins(row.profile, row.requests)}`);
        }
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Reporting

function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One row per case and server: the medians over the rounds. */
function summarise(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.case}\u0000${row.server}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  return [...groups.values()].map((group) => ({
    case: group[0].case,
    server: group[0].server,
    rounds: group.length,
    reqPerSec: Math.round(median(group.map((row) => row.reqPerSec))),
    p50Ms: median(group.map((row) => row.p50Ms)),
    p99Ms: median(group.map((row) => row.p99Ms)),
    errors: group.reduce((sum, row) => sum + row.errors, 0),
    serverCpuMsPerRequest: median(group.map((row) => row.serverCpuMsPerRequest)),
    peakRssMb: Math.max(...group.map((row) => row.peakRssMb)),
  }));
}

function machine(serverNode) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: serverNode,
    benchNode: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

function printTable(title, rows, columns) {
  const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
  const widths = columns.map(([name], i) =>
    Math.max(name.length, ...cells.map((row) => row[i].length)),
  );
  const line = (values) =>
    `| ${values.map((value, i) => (i === 0 ? value.padEnd(widths[i]) : value.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(columns.map(([name]) => name)));
  console.log(
    `|${widths.map((width, i) => (i === 0 ? '-' : '') + '-'.repeat(width + 1) + (i === 0 ? '' : ':')).join('|')}|`,
  );
  for (const row of cells) console.log(line(row));
}

const MEASURE_COLUMNS = [
  ['req/s', (row) => String(row.reqPerSec)],
  ['p50 ms', (row) => String(row.p50Ms)],
  ['p99 ms', (row) => String(row.p99Ms)],
  ['errors', (row) => String(row.errors)],
  ['server CPU ms/req', (row) => row.serverCpuMsPerRequest.toFixed(2)],
  ['peak RSS MB', (row) => String(row.peakRssMb)],
];

function printResults(title, summary, servers) {
  const several = servers.length > 1;
  printTable(title, summary, [
    ['case', (row) => (several ? `${row.case} (${row.server})` : row.case)],
    ...MEASURE_COLUMNS,
  ]);
  const byCase = (server) =>
    new Map(summary.filter((r) => r.server === server).map((r) => [r.case, r]));
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const compare = (ours, theirs) => {
    const mine = byCase(ours.name);
    const other = byCase(theirs.name);
    const rows = [...mine.values()].filter((row) => other.has(row.case));
    const base = (row) => other.get(row.case);
    printTable(
      `${ours.name} / ${theirs.name} (medians of ${rows[0]?.rounds ?? 0} rounds; ratio: ${ours.name} req/s ÷ ${theirs.name} req/s)`,
      rows,
      [
        ['case', (row) => row.case],
        [`${theirs.name} req/s`, (row) => String(base(row).reqPerSec)],
        [`${ours.name} req/s`, (row) => String(row.reqPerSec)],
        ['ratio', (row) => ratio(row.reqPerSec, base(row).reqPerSec)],
        [`${theirs.name} p99 ms`, (row) => String(base(row).p99Ms)],
        [`${ours.name} p99 ms`, (row) => String(row.p99Ms)],
        ['p99 ratio', (row) => ratio(row.p99Ms, base(row).p99Ms)],
        [
          `CPU ms/req ${theirs.name} / ${ours.name}`,
          (row) =>
            `${base(row).serverCpuMsPerRequest.toFixed(2)} / ${row.serverCpuMsPerRequest.toFixed(2)}`,
        ],
      ],
    );
  };
  for (const service of servers.filter((s) => s.kind === 'service')) {
    for (const other of servers) {
      const sameSize = other.workers === service.workers;
      if ((other.kind === 'reference' && sameSize) || ['baseline', 'floor'].includes(other.kind)) {
        compare(service, other);
      }
    }
  }
  const hooked = servers.find((s) => s.webhookActive);
  const plain = servers.find((s) => s.kind === 'service' && !s.webhookActive && s.workers === 1);
  if (hooked && plain) compare(hooked, plain);
  const measured = servers.find((s) => s.kind === 'metrics');
  if (measured && plain) compare(measured, plain);
  const floor = servers.find((s) => s.kind === 'floor');
  const reference = servers.find((s) => s.kind === 'reference' && s.workers === 1);
  if (floor && reference) compare(floor, reference);
  for (const kind of ['service', 'reference']) {
    const one = servers.find((s) => s.kind === kind && s.workers === 1);
    const many = servers.find((s) => s.kind === kind && s.workers > 1);
    if (!one || !many) continue;
    const single = byCase(one.name);
    const rows = [...byCase(many.name).values()].filter((row) => single.has(row.case));
    printTable(`Scaling of the ${kind}: ${many.workers} workers / 1 worker`, rows, [
      ['case', (row) => row.case],
      ['1 worker req/s', (row) => String(single.get(row.case).reqPerSec)],
      [`${many.workers} workers req/s`, (row) => String(row.reqPerSec)],
      ['scaling', (row) => ratio(row.reqPerSec, single.get(row.case).reqPerSec)],
      ['1 worker p99 ms', (row) => String(single.get(row.case).p99Ms)],
      [`${many.workers} workers p99 ms`, (row) => String(row.p99Ms)],
    ]);
  }
}

function printMemory(servers) {
  console.log('\nMemory (resident, MB; a server with workers counts all its processes)');
  for (const server of servers) {
    const perProcessPeak = processTree(server.pid).map((pid) =>
      Math.round(memoryOf(pid).peakKb / 1024),
    );
    console.log(
      `- ${server.name}: peak through the whole run ${Math.round(server.peakTreeRssKb / 1024)} MB` +
        ` (sampled every ${MEMORY_SAMPLE_MS} ms); peak per process (VmHWM) ${perProcessPeak.join(' + ')} MB`,
    );
    const shape = (label, heap) =>
      heap &&
      console.log(
        `    ${label}: rss ${heap.rssMb}, heap ${heap.heapUsedMb} used of ${heap.heapTotalMb}` +
          ` (new ${heap.spaces.new_space?.sizeMb}, old ${heap.spaces.old_space?.usedMb}/${heap.spaces.old_space?.sizeMb},` +
          ` code ${heap.spaces.code_space?.sizeMb}, large objects ${heap.spaces.large_object_space?.sizeMb}),` +
          ` external ${heap.externalMb} (array buffers ${heap.arrayBuffersMb})`,
      );
    shape('after start', server.heapAfterStart);
    shape('after the bench', server.heapAfterBench);
    shape('after the bench, after a full GC', server.heapAfterGc);
  }
}

function writeResults(stamp, kind, data) {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${stamp}-${kind}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

async function explainList(db, seed) {
  const { docsSql } = require(join(root, 'dist', 'src', 'docs', 'docs.repository.js'));
  const lastOffset = Math.max(0, Math.ceil(seed.seeded / 20) * 20 - 20);
  const plans = {
    count: await db.explain(docsSql.total, [seed.user]),
    'page 1': await db.explain(docsSql.page('newest-first'), [seed.user, 20, 0]),
    'last page': await db.explain(docsSql.page('oldest-first'), [
      seed.user,
      seed.seeded - lastOffset,
      0,
    ]),
    'shared last page': await db.explain(docsSql.page('oldest-first'), [
      seed.reader.id,
      seed.seeded - lastOffset,
      0,
    ]),
  };
  for (const [name, rows] of Object.entries(plans)) {
    console.log(`\nEXPLAIN (${db.kind}) ${name}:`);
    console.table(rows);
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------

async function benchDatabase(kind, options, stamp) {
  const db = kind === 'mysql' ? await openMysql(stamp) : await openSqlite();
  const servers = [];
  let stopWatching = () => undefined;
  try {
    // The service first: it creates the schema (migrations) the others use.
    const targets = targetsFor(options).sort(
      (a, b) => (a.kind === 'service' ? 0 : 1) - (b.kind === 'service' ? 0 : 1),
    );
    for (const target of targets) servers.push(await startServer(target, db.env, options, stamp));
    // They take turns, and are reported, in this order: fewer workers first; the reference,
    // the card's floor, a baseline build, the service with metrics, then the service.
    const rank = { reference: 0, floor: 1, baseline: 2, metrics: 3, service: 4 };
    servers.sort((a, b) => a.workers - b.workers || rank[a.kind] - rank[b.kind]);
    stopWatching = watchMemory(servers);
    await db.connect();
    const seed = await seedUsers(db);
    const report = {
      command: `node bench/run.js ${process.argv.slice(2).join(' ')}`.trim(),
      machine: machine(options.nodeVersion),
      database: { kind, version: db.version },
      servers: servers.map(({ name, kind: k, workers }) => ({ name, kind: k, workers })),
      connections: options.connections,
      durationSeconds: options.duration,
      rounds: options.rounds,
      otherUsersDocs: 'as many again, spread over 4 other users',
    };
    const heading = (size) =>
      `${db.version}, ${size} documents (+${size} of other users), ${options.connections} connections, ` +
      `${options.duration} s per case${options.rounds > 1 ? `, ${options.rounds} rounds` : ''}; servers on Node ${options.nodeVersion}`;
    if (options.hostile) {
      report.hostile = await runHostileRequests(servers, seed, db, options, stamp);
    } else if (options.sweep) {
      const sweep = [];
      for (const size of options.sizes) {
        const seedMs = await seedDocs(db, seed, size);
        console.log(`[${kind}] ${size} documents (+${size} of other users) seeded in ${seedMs} ms`);
        const rows = await runCases(servers, seed, listCases(size, seed), options, kind);
        sweep.push(...summarise(rows).map((row) => ({ docs: size, ...row })));
      }
      report.sweep = sweep;
      report.explain = await explainList(db, seed);
      printResults(
        `Sweep on ${db.version}; servers on Node ${options.nodeVersion}`,
        sweep.map((row) => ({ ...row, case: `${row.docs} docs: ${row.case}` })),
        servers,
      );
      for (const server of servers.filter((s) => s.kind === 'service')) {
        printRatios(sweep.filter((row) => row.server === server.name));
      }
    } else {
      const seedMs = await seedDocs(db, seed, options.docs);
      console.log(
        `[${kind}] ${options.docs} documents (+${options.docs} of other users) seeded in ${seedMs} ms`,
      );
      report.docs = options.docs;
      const cases = (await allCases(db, seed)).filter(
        (testCase) =>
          options.only === undefined ||
          options.only.split(',').some((text) => testCase.name.includes(text.trim())),
      );
      const receiver = options.webhook
        ? await subscribeWebhook(servers, seed, options, db)
        : undefined;
      const loadStart = Date.now();
      report.runs = await runCases(servers, seed, cases, options, kind);
      report.cases = summarise(report.runs);
      printResults(heading(options.docs), report.cases, servers);
      if (receiver)
        report.webhook = await reportWebhook(receiver, db, loadStart, Date.now(), options);
    }
    for (const server of servers) {
      server.heapAfterBench = await server.probe({ probe: 'heap' });
      server.heapAfterGc = await server.probe({ probe: 'heap', gc: true });
    }
    stopWatching();
    report.memory = servers.map((server) => ({
      server: server.name,
      peakRssMb: Math.round(server.peakTreeRssKb / 1024),
      peakRssPerProcessMb: processTree(server.pid).map((pid) =>
        Math.round(memoryOf(pid).peakKb / 1024),
      ),
      afterStart: server.heapAfterStart,
      afterBench: server.heapAfterBench,
      afterBenchAndGc: server.heapAfterGc,
    }));
    printMemory(servers);
    report.machine.loadAverageAtEnd = os.loadavg().map((load) => Number(load.toFixed(2)));
    for (const server of servers.filter((s) => s.kind === 'service')) {
      console.log(
        `Log of ${server.name}: ${server.logFile} (${Math.round(statSync(server.logFile).size / 1024)} kB)`,
      );
    }
    console.log(
      `\nNode ${options.nodeVersion} (servers), ${process.version} (benchmark); ${report.machine.cpus} x ${report.machine.cpuModel}; ` +
        `load average ${report.machine.loadAverage.join(' ')} at the start, ${report.machine.loadAverageAtEnd.join(' ')} at the end`,
    );
    console.log(`Command: ${report.command}`);
    console.log(`Results: ${writeResults(stamp, kind, report)}`);
  } finally {
    stopWatching();
    // Let the last requests autocannon left in flight finish before the servers stop.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A second turn of one server ("service +webhook") is the same process: stopped once.
    for (const server of servers.filter((s) => !s.webhookActive)) await server.stop();
    const note = await db.close(options.keep);
    if (note) console.log(note);
  }
}

/**
 * Each hostile request once per service build, while a client polls /health every 10 ms. A
 * request still unanswered after --hostile-timeout seconds is abandoned, and its server (whose
 * event loop is then still busy with it) killed and started again for the next case.
 */
async function runHostileRequests(servers, seed, db, options, stamp) {
  const rows = [];
  for (const request of HOSTILE_REQUESTS) {
    for (const [index, server] of servers.entries()) {
      if (!['service', 'baseline', 'metrics'].includes(server.kind)) continue;
      const timeoutMs = options.hostileTimeout * 1000;
      const attempt = whilePollingHealth(server.baseUrl, seed.token, request);
      // An abandoned attempt fails once its server is killed: that is expected.
      attempt.catch(() => undefined);
      const answer = await Promise.race([
        attempt,
        new Promise((resolve) => setTimeout(resolve, timeoutMs, undefined)),
      ]);
      const row = { case: request.name, server: server.name, expected: request.status };
      if (answer === undefined) {
        rows.push({
          ...row,
          status: 'none',
          requestMs: `>${timeoutMs}`,
          worstHealthMs: `>${timeoutMs}`,
        });
        await server.stop('SIGKILL');
        servers[index] = await startServer(server, db.env, options, stamp);
      } else {
        const { status, requestMs, worstHealthMs } = answer;
        rows.push({
          ...row,
          status,
          requestMs: Math.round(requestMs),
          worstHealthMs: Math.round(worstHealthMs),
        });
      }
      console.log(`[${db.kind}] ${server.name}: ${request.name}: ${JSON.stringify(rows.at(-1))}`);
    }
  }
  printTable(`Slowest /health answer while each request ran, ${db.version}`, rows, [
    ['case', (row) => row.case],
    ['server', (row) => row.server],
    ['status (expected)', (row) => `${row.status} (${row.expected})`],
    ['request ms', (row) => String(row.requestMs)],
    ['worst /health ms', (row) => String(row.worstHealthMs)],
  ]);
  return rows;
}

/** Flat cost: the last page against page 1, and page 1 at the largest size against the smallest. */
function printRatios(sweep) {
  const latency = (docs, name) =>
    sweep.find((row) => row.docs === docs && row.case.startsWith(name))?.p50Ms;
  const sizes = [...new Set(sweep.map((row) => row.docs))];
  const largest = Math.max(...sizes);
  const smallest = Math.min(...sizes);
  for (const list of ['list', 'shared list']) {
    const first = latency(largest, `${list} page 1`);
    const last = latency(largest, `${list} last page`);
    const firstSmall = latency(smallest, `${list} page 1`);
    console.log(
      `\n${list}: last page / page 1 at ${largest} documents (median latency): ${(last / first).toFixed(2)}; ` +
        `page 1 at ${largest} / page 1 at ${smallest}: ${(first / firstSmall).toFixed(2)}`,
    );
  }
}

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

/**
 * `--webhook`: starts the receiver process and subscribes the benchmark's user to every event
 * through the service's API. Returns the receiver.
 */
async function subscribeWebhook(servers, seed, options, db) {
  const receiver = spawn(process.execPath, [join(__dirname, 'webhook-receiver.js')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve) => receiver.once('message', resolve));
  const service = servers.find((server) => server.kind === 'service');
  const response = await fetch(`${service.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/bench`, events: ['*'] }),
  });
  if (response.status !== 201) throw new Error(`webhook not created: ${await response.text()}`);
  // The service takes a second turn in each round, "service +webhook", with the webhook on;
  // every other turn has it off (no event is written for an inactive webhook, and its pending
  // deliveries wait): the outbox's cost, measured in one run, turn by turn.
  const { id } = await response.json();
  servers.push({ ...service, name: 'service +webhook', webhookActive: true });
  let active = true;
  options.switchWebhook = async (on) => {
    if (on === active) return;
    // Paced (`--rate`): the deliveries of the turn that ends go out before the webhook is
    // turned off, or they would wait for its next turn and count that wait as lag. Twice
    // empty, 250 ms apart: the requests autocannon left in flight commit meanwhile.
    if (!on && options.rate !== undefined && !options.noDelivery) {
      const pending = async () =>
        Number((await db.all('SELECT COUNT(*) AS n FROM webhook_deliveries'))[0].n);
      const drainUntil = Date.now() + 30_000;
      for (let empty = 0; empty < 2 && Date.now() < drainUntil;) {
        empty = (await pending()) === 0 ? empty + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, empty === 1 ? 250 : 50));
      }
    }
    const patched = await fetch(`${service.baseUrl}/api/v1/webhooks/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ active: on }),
    });
    if (patched.status !== 200) throw new Error(`webhook not switched: ${await patched.text()}`);
    active = on;
  };
  return receiver;
}

/** What the receiver got during the load and after it, until the outbox is empty. */
async function reportWebhook(receiver, db, loadStart, loadEnd, options) {
  const summary = () =>
    new Promise((resolve) => {
      receiver.once('message', resolve);
      receiver.send('summary');
    });
  const pending = async () =>
    Number((await db.all('SELECT COUNT(*) AS n FROM webhook_deliveries'))[0].n);
  const atLoadEnd = await summary();
  const leftAtLoadEnd = await pending();
  const drainStart = Date.now();
  // Without delivery (`--no-delivery`) nothing drains.
  while (!options.noDelivery && (await pending()) > 0 && Date.now() - drainStart < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const final = await summary();
  receiver.disconnect();
  const events = await db.all('SELECT COUNT(*) AS n FROM webhook_attempts');
  const result = {
    deliveredDuringLoad: atLoadEnd.count,
    loadSeconds: (loadEnd - loadStart) / 1000,
    eventsPerSecondDuringLoad: Math.round(atLoadEnd.count / ((loadEnd - loadStart) / 1000)),
    pendingAtLoadEnd: leftAtLoadEnd,
    drainedInMs: Date.now() - drainStart,
    delivered: final.count,
    distinctEvents: final.distinct,
    attemptsLogged: Number(events[0].n),
    lagMs: final.lagMs,
  };
  console.log(
    `\nWebhook: ${result.delivered} deliveries (${result.distinctEvents} distinct events), ` +
      `${result.eventsPerSecondDuringLoad} events/s during the load (${result.deliveredDuringLoad} in ${result.loadSeconds.toFixed(0)} s), ` +
      `${result.pendingAtLoadEnd} pending when it ended, drained in ${result.drainedInMs} ms; ` +
      `lag from write to receipt p50 ${result.lagMs.p50} ms, p99 ${result.lagMs.p99} ms, max ${result.lagMs.max} ms`,
  );
  return result;
}

/** `--search`: bench/search-bench.js on each database, beside PostgreSQL. */
async function benchSearchEverywhere(kinds, options, stamp) {
  const { benchSearch } = require('./search-bench');
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
