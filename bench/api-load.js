'use strict';
// A store filled as users fill it: the search corpus's documents (bench/search-corpus.js, about
// 5 KB each, in five languages) created through the API by 8 clients, each document in its
// owner's home folder, the owners taking turns. Prints creates a second and the p50 of each
// tenth of the load, the whole load's time, and the size of what the database keeps (the
// documents' HTML, and the search index beside it). With --updates N, N updates follow (by
// the same clients, each document's owner, a few words of the text changed: two words put
// before it), with their rate, p50 and CPU per update.
//
//   node bench/api-load.js [--dist dist] [--db mysql|sqlite] [--docs 100000] [--owners 20] [--clients 8] [--updates 0]
//
// --dist: the build to run (a copy of dist/ for another build). MySQL: BENCH_MYSQL_URL (default
// mysql://root@127.0.0.1:3306); the database dms_load_<time> is dropped at the end, as is the
// SQLite file (in the system's temporary folder).
const { mkdtempSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative, resolve } = require('node:path');
const mysql = require('mysql2/promise');
const { cpuMsOf } = require('./lib/process-stats');
const { documentNumber } = require('./search-corpus');
const {
  cliOf,
  databaseServerPid,
  serviceEnv,
  startServer,
  userWithToken,
} = require('./lib/service-process');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const dist = resolve(option('dist', join(__dirname, '..', 'dist')));
const db = option('db', 'mysql');
const docs = Number(option('docs', 100_000));
const owners = Number(option('owners', 20));
const clients = Number(option('clients', 8));
const updates = Number(option('updates', 0));
const serverUrl = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * MySQL: the server's counters of rows written (temporary tables' included), of pages read and
 * changed in InnoDB's buffer pool, and of its redo log, which a busy machine does not blur as it
 * blurs times (the whole server's: run nothing else on it).
 */
const SERVER_COUNTERS = {
  Handler_write: 'rows written',
  Handler_update: 'updated',
  Handler_delete: 'deleted',
  Innodb_buffer_pool_read_requests: 'page reads requested',
  Innodb_buffer_pool_write_requests: 'page writes requested',
  Innodb_os_log_written: 'redo log bytes',
};
async function serverCounters(admin) {
  if (!admin) return undefined;
  const [rows] = await admin.query(
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${Object.keys(SERVER_COUNTERS)
      .map(() => '?')
      .join(', ')})`,
    Object.keys(SERVER_COUNTERS),
  );
  return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}
/** The counters' change from `before`, per request, as one line. */
async function serverCountersPerRequest(admin, before, requests) {
  if (!before) return '';
  const after = await serverCounters(admin);
  return Object.entries(SERVER_COUNTERS)
    .map(([name, label]) => `${label} ${((after[name] - before[name]) / requests).toFixed(1)}`)
    .join(', ');
}

/** MySQL: the documents' HTML, and the bytes of every table of the search index. */
async function mysqlSizes(admin, name) {
  const [[html]] = await admin.query(`SELECT SUM(LENGTH(html)) AS bytes FROM ${name}.docs`);
  const [tables] = await admin.query(
    `SELECT table_name AS name, data_length + index_length AS bytes FROM information_schema.tables
     WHERE table_schema = ? ORDER BY bytes DESC`,
    [name],
  );
  return { html: Number(html.bytes), tables };
}

async function main() {
  const name = `dms_load_${Date.now().toString(36)}`;
  const sqliteFolder = db === 'sqlite' ? mkdtempSync(join(tmpdir(), 'dms-load-')) : undefined;
  const admin = db === 'mysql' ? await mysql.createConnection(serverUrl) : undefined;
  if (admin) await admin.query(`CREATE DATABASE ${name}`);
  const env = serviceEnv(
    admin
      ? { DATABASE_URL: `${serverUrl}/${name}` }
      : { DATABASE_URL: '', SQLITE_PATH: join(sqliteFolder, 'docs.sqlite') },
  );
  const cli = cliOf(dist, env);
  let server;
  try {
    const tokens = [];
    for (let owner = 0; owner < owners; owner++) {
      tokens.push(userWithToken(cli, `owner${owner}@example.com`, String(owner)));
    }
    server = await startServer(dist, env);
    const base = server.base;
    console.log(
      `${relative(process.cwd(), dist) || '.'} on ${db}: ${docs} corpus documents created through the API by ${clients} clients (${owners} owners)`,
    );
    const tenth = Math.ceil(docs / 10);
    const uuids = [];
    const answered = [];
    let tenthStarted = performance.now();
    let sent = 0;
    const databaseServer = admin ? databaseServerPid() : undefined;
    const cpuMs = () => [cpuMsOf(server.pid), databaseServer ? cpuMsOf(databaseServer) : undefined];
    const cpuBefore = cpuMs();
    const countersBefore = await serverCounters(admin);
    const started = performance.now();
    const report = () => {
      const chunk = answered.splice(0).sort((a, b) => a - b);
      if (chunk.length === 0) return;
      const now = performance.now();
      console.log(
        `  to ${String(sent).padStart(7)}: ${(chunk.length / ((now - tenthStarted) / 1000)).toFixed(0)} creates/s, p50 ${chunk[chunk.length >> 1].toFixed(1)} ms`,
      );
      tenthStarted = now;
    };
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (sent < docs) {
          const n = ++sent;
          const { title, html } = documentNumber(n);
          const at = performance.now();
          const response = await fetch(`${base}/api/v1/docs`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${tokens[n % owners]}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ title, html }),
          });
          const created = await response.json();
          if (response.status !== 201) throw new Error(`POST /docs: ${response.status}`);
          if (updates > 0) uuids[n] = created.uuid;
          answered.push(performance.now() - at);
          if (n % tenth === 0) report();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${docs} documents in ${seconds.toFixed(0)} s (${(docs / seconds).toFixed(0)}/s)`,
    );
    const [serviceCpu, databaseCpu] = cpuMs().map((after, i) =>
      after === undefined ? undefined : (after - cpuBefore[i]) / docs,
    );
    console.log(
      `  CPU per create: service ${serviceCpu?.toFixed(2)} ms, database server ${databaseCpu === undefined ? '(not here)' : `${databaseCpu.toFixed(2)} ms`}`,
    );
    if (admin) {
      console.log(
        `  server per create: ${await serverCountersPerRequest(admin, countersBefore, docs)}`,
      );
    }
    if (updates > 0) await updateSome(base, tokens, uuids, cpuMs, admin);
    await server.stop();
    server = undefined;
    if (admin) {
      const { html, tables } = await mysqlSizes(admin, name);
      console.log(`  HTML ${megabytes(html)}; tables (data and indexes):`);
      for (const table of tables.filter((t) => Number(t.bytes) > 1024 * 1024)) {
        console.log(`    ${table.name}: ${megabytes(Number(table.bytes))}`);
      }
    } else {
      console.log(`  SQLite file: ${megabytes(statSync(env.SQLITE_PATH).size)}`);
    }
  } finally {
    await server?.stop();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
    if (sqliteFolder) rmSync(sqliteFolder, { recursive: true, force: true });
  }
}

/**
 * `updates` updates of the documents created (`uuids`, by their number), each by its owner, in
 * turn from the first: the document's text with two words put before it (`Revised <n>`).
 */
async function updateSome(base, tokens, uuids, cpuMs, admin) {
  const latencies = [];
  let sent = 0;
  const cpuBefore = cpuMs();
  const countersBefore = await serverCounters(admin);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (sent < updates) {
        const u = ++sent;
        const n = ((u - 1) % docs) + 1;
        const { html } = documentNumber(n);
        const at = performance.now();
        const response = await fetch(`${base}/api/v1/docs/${uuids[n]}`, {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${tokens[n % owners]}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ html: `<p>Revised ${u}</p>${html}` }),
        });
        await response.arrayBuffer();
        if (response.status !== 204) throw new Error(`PUT /docs: ${response.status}`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const [serviceCpu, databaseCpu] = cpuMs().map((after, i) =>
    after === undefined ? undefined : (after - cpuBefore[i]) / updates,
  );
  console.log(
    `  ${updates} updates in ${seconds.toFixed(0)} s (${(updates / seconds).toFixed(0)}/s), p50 ${latencies[latencies.length >> 1].toFixed(1)} ms`,
  );
  console.log(
    `  CPU per update: service ${serviceCpu?.toFixed(2)} ms, database server ${databaseCpu === undefined ? '(not here)' : `${databaseCpu.toFixed(2)} ms`}`,
  );
  if (admin) {
    console.log(
      `  server per update: ${await serverCountersPerRequest(admin, countersBefore, updates)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
