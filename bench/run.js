#!/usr/bin/env node
// The benchmark behind `npm run bench`: starts the built server (dist/) on a fresh MySQL database
// and/or a fresh SQLite file, seeds one user with N documents (and as many again for other users,
// so the indexes have to pick the user's rows out of the tables), drives each case with
// autocannon and prints a table; the same figures go to bench/results/<time>-<db>.json.
//
//   npm run bench                         both databases, 10,000 documents, 10 s per case
//   npm run bench -- --db mysql --docs 100000 --duration 20
//   npm run bench -- --sweep              list page 1 and last page at 1,000 / 10,000 / 100,000
//
// Options: --db mysql|sqlite|both, --docs N, --duration S, --connections C, --sweep,
// --sizes 1000,10000,100000, --keep (leave the MySQL database in place), --cpu-prof (the server
// writes a V8 CPU profile to bench/results/profiles when it stops), --only <text> (the cases whose
// name contains the text).
// MySQL: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306); the database is dms_bench_<time>.
'use strict';

const { spawn } = require('node:child_process');
const { createHash, randomBytes, randomUUID } = require('node:crypto');
const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');

const root = join(__dirname, '..');

/**
 * Environment for the server under test, in one place: logs kept quiet so they do not dominate;
 * add any limits that must be raised for a load test here (for example rate limits).
 */
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  SEED_DEMO_USER: 'false',
  // One token drives thousands of requests a second here; the limits would answer 429.
  RATE_LIMIT_PER_TOKEN: '0',
  RATE_LIMIT_PER_ADDRESS: '0',
};

const OTHER_USERS = 4;
const UPDATE_TARGETS = 1000;
const INSERT_BATCH = 1000;

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
    only: undefined,
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
    else if (arg === '--cpu-prof') options.cpuProf = true;
    else if (arg === '--only') options.only = value();
    else if (arg === '--help' || arg === '-h') {
      console.log(readFileSync(__filename, 'utf8').split('\n').slice(1, 17).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// The server

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Reads a process's memory figures (kB) from /proc: current and peak resident set. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number((status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm')) ?? [])[1]);
    return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
  } catch {
    return { rssKb: NaN, peakKb: NaN };
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
    return NaN;
  }
}

async function startServer(databaseEnv, nodeFlags) {
  const port = await freePort();
  const env = {
    ...process.env,
    ...SERVER_ENV,
    ...databaseEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  if (!databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeFlags, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  let exitReason = '';
  child.once('exit', (code, signal) => {
    exited = true;
    exitReason = signal ? `killed by ${signal}` : `exit code ${code}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (exited) throw new Error('the server exited while starting');
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    /** Throws if the server has stopped (a crash, or someone else's kill). */
    assertRunning: () => {
      if (exited) throw new Error(`the server stopped (${exitReason})`);
    },
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', resolve);
        child.kill(nodeFlags.includes('--cpu-prof') ? 'SIGUSR2' : 'SIGTERM');
      }),
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
    async close() {
      db?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

/** The benchmark's user with a token, and the other users whose documents share the tables. */
async function seedUsers(db) {
  const now = sqlTime(Date.now());
  const token = `dms_${randomBytes(32).toString('base64url')}`;
  const emails = [`bench-${Date.now()}@example.com`];
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
  const [user, ...others] = users.map((row) => Number(row.id));
  await db.run(
    'INSERT INTO api_tokens (user_id, name, token_hash, token_prefix, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      user,
      'bench',
      createHash('sha256').update(token).digest('hex'),
      token.slice(0, 8),
      'docs:read docs:write',
      now,
    ],
  );
  await db.run(
    `${db.insertIgnore} INTO folders (user_id, path, path_hash, created_at) VALUES (?, ?, ?, ?)`,
    [user, '~/projects', createHash('sha256').update('~/projects').digest('hex'), now],
  );
  const [folder] = await db.all('SELECT id FROM folders WHERE user_id = ? AND path = ?', [
    user,
    '~/projects',
  ]);
  return { user, others, token, folderId: Number(folder.id), seeded: 0, clock: Date.now() - 1e9 };
}

/**
 * Adds documents until the user has `target` (and the other users as many again between
 * them), interleaved so that ids and times of different owners are mixed, with multi-row
 * INSERTs; then the `user_docs` rows and the counts, which the application keeps itself.
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
    `INSERT INTO user_docs (user_id, doc_id, role, created_at)
     SELECT owner_id, id, 'owner', created_at FROM docs WHERE id > ?`,
    [maxId],
  );
  await db.run('DELETE FROM user_doc_counts');
  await db.run(
    'INSERT INTO user_doc_counts (user_id, slot, doc_count) SELECT owner_id, 0, COUNT(*) FROM docs GROUP BY owner_id',
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

async function measure(server, seed, connections, duration, testCase) {
  server.assertRunning();
  const headers = { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' };
  const options = {
    url: server.baseUrl,
    connections,
    headers,
    requests: [
      {
        method: testCase.method,
        path: testCase.path,
        ...(testCase.body !== undefined && { body: testCase.body }),
        ...(testCase.setup !== undefined && { setupRequest: testCase.setup }),
      },
    ],
  };
  // A short warm-up (JIT, connection pool), not counted.
  await runAutocannon({ ...options, duration: 2 });
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, memoryOf(server.pid).rssKb);
  }, 100);
  const cpuBefore = cpuMsOf(server.pid);
  const result = await runAutocannon({ ...options, duration });
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  server.assertRunning();
  clearInterval(sampler);
  peakRssKb = Math.max(peakRssKb, memoryOf(server.pid).rssKb);
  return {
    case: testCase.name,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpuMsPerRequest: Number((cpuMs / Math.max(1, result.requests.total)).toFixed(3)),
    peakRssMb: Math.round(peakRssKb / 1024),
  };
}

function listCases(total) {
  const lastPage = Math.max(1, Math.ceil(total / 20));
  return [
    { name: 'list page 1', method: 'GET', path: '/api/v1/docs' },
    { name: `list last page (${lastPage})`, method: 'GET', path: `/api/v1/docs?page=${lastPage}` },
  ];
}

async function allCases(db, seed) {
  const targets = (
    await db.all('SELECT uuid FROM docs WHERE owner_id = ? ORDER BY id LIMIT ?', [
      seed.user,
      UPDATE_TARGETS,
    ])
  ).map((row) => row.uuid);
  let next = 0;
  let folder = 0;
  const runId = Date.now().toString(36);
  return [
    ...listCases(seed.seeded),
    { name: 'list per_page=100', method: 'GET', path: '/api/v1/docs?per_page=100' },
    { name: 'get one', method: 'GET', path: `/api/v1/docs/${targets[targets.length >> 1]}` },
    {
      name: 'update',
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
      name: 'create',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
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
  ];
}

// ---------------------------------------------------------------------------------------------
// Reporting

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

function printTable(title, rows) {
  const columns = [
    ['case', (row) => row.case],
    ['req/s', (row) => String(row.reqPerSec)],
    ['p50 ms', (row) => String(row.p50Ms)],
    ['p99 ms', (row) => String(row.p99Ms)],
    ['errors', (row) => String(row.errors)],
    ['server CPU ms/req', (row) => row.serverCpuMsPerRequest.toFixed(2)],
    ['peak RSS MB', (row) => String(row.peakRssMb)],
  ];
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

function writeResults(stamp, kind, data) {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${stamp}-${kind}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

async function explainList(db, seed) {
  const { listQueries } = require(join(root, 'dist', 'src', 'docs', 'docs.repository.js'));
  const lastOffset = Math.max(0, Math.ceil(seed.seeded / 20) * 20 - 20);
  const plans = {
    count: await db.explain(listQueries.total, [seed.user]),
    'page 1': await db.explain(listQueries.page('newest-first'), [seed.user, 20, 0]),
    'last page': await db.explain(listQueries.page('oldest-first'), [
      seed.user,
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
  let server;
  try {
    const profiles = join(root, 'bench', 'results', 'profiles');
    server = await startServer(
      db.env,
      options.cpuProf
        ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '-r', join(__dirname, 'exit-on-sigusr2.js')]
        : [],
    );
    await db.connect();
    const seed = await seedUsers(db);
    const report = {
      machine: machine(),
      database: { kind, version: db.version },
      connections: options.connections,
      durationSeconds: options.duration,
      otherUsersDocs: 'as many again, spread over 4 other users',
    };
    if (options.sweep) {
      const sweep = [];
      for (const size of options.sizes) {
        const seedMs = await seedDocs(db, seed, size);
        console.log(`[${kind}] ${size} documents (+${size} of other users) seeded in ${seedMs} ms`);
        for (const testCase of listCases(size)) {
          const row = await measure(server, seed, options.connections, options.duration, testCase);
          sweep.push({ docs: size, ...row });
        }
      }
      report.sweep = sweep;
      report.explain = await explainList(db, seed);
      printTable(
        `Sweep on ${db.version}`,
        sweep.map((row) => ({ ...row, case: `${row.docs} docs: ${row.case}` })),
      );
      printRatios(sweep);
    } else {
      const seedMs = await seedDocs(db, seed, options.docs);
      console.log(
        `[${kind}] ${options.docs} documents (+${options.docs} of other users) seeded in ${seedMs} ms`,
      );
      report.docs = options.docs;
      report.cases = [];
      const cases = (await allCases(db, seed)).filter(
        (testCase) => options.only === undefined || testCase.name.includes(options.only),
      );
      for (const testCase of cases) {
        report.cases.push(
          await measure(server, seed, options.connections, options.duration, testCase),
        );
        console.log(`[${kind}] ${testCase.name}: done`);
      }
      printTable(
        `${db.version}, ${options.docs} documents, ${options.connections} connections, ${options.duration} s per case`,
        report.cases,
      );
    }
    report.serverPeakRssMb = Math.round(memoryOf(server.pid).peakKb / 1024);
    console.log(
      `\nServer peak resident memory over the whole run (VmHWM): ${report.serverPeakRssMb} MB`,
    );
    console.log(`Results: ${writeResults(stamp, kind, report)}`);
  } finally {
    // Let the last requests autocannon left in flight finish before the server stops.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await server?.stop();
    const note = await db.close(options.keep);
    if (note) console.log(note);
  }
}

function printRatios(sweep) {
  const median = (docs, prefix) =>
    sweep.find((row) => row.docs === docs && row.case.startsWith(prefix))?.p50Ms;
  const sizes = [...new Set(sweep.map((row) => row.docs))];
  const largest = Math.max(...sizes);
  const smallest = Math.min(...sizes);
  const last = median(largest, 'list last page');
  const first = median(largest, 'list page 1');
  const firstSmall = median(smallest, 'list page 1');
  console.log(
    `\nlast page / page 1 at ${largest} documents (median latency): ${(last / first).toFixed(2)}`,
  );
  console.log(
    `page 1 at ${largest} / page 1 at ${smallest} documents (median latency): ${(first / firstSmall).toFixed(2)}`,
  );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const kinds = options.db === 'both' ? ['mysql', 'sqlite'] : [options.db];
  console.log(
    `Benchmark: ${kinds.join(' and ')}, ${options.sweep ? `sweep over ${options.sizes.join(', ')}` : options.docs} documents, ` +
      `${options.connections} connections, ${options.duration} s per case; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  for (const kind of kinds) await benchDatabase(kind, options, stamp);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
