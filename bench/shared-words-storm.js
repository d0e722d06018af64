'use strict';
// Concurrent writes that share new words: one user's clients create the same document of the
// search corpus into a fresh MariaDB database, where every word of it is rare until 256
// documents have it. Prints creates a second, the p50 of each 100 in the order they were
// answered, and the MariaDB server's CPU time (when it runs on this machine).
//
//   node bench/shared-words-storm.js [--dist dist] [--doc english|chinese] [--creates 800] [--clients 32]
//
// --dist: the build to run (a copy of dist/ for another build). MySQL: BENCH_MYSQL_URL (default
// mysql://root@127.0.0.1:3306); the database dms_storm_<time> is dropped at the end.
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
const language = option('doc', 'english');
const creates = Number(option('creates', 800));
const clients = Number(option('clients', 32));
const serverUrl = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

/** CPU seconds the local MariaDB (or MySQL) server has used, or undefined. */
function databaseCpuSeconds() {
  const pid = databaseServerPid();
  return pid === undefined ? undefined : cpuMsOf(pid) / 1000;
}

async function main() {
  let doc;
  for (let n = 1; !doc; n++) {
    const candidate = documentNumber(n);
    if (candidate.language === language) doc = { title: candidate.title, html: candidate.html };
  }
  const name = `dms_storm_${Date.now().toString(36)}`;
  const admin = await mysql.createConnection(serverUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  const env = serviceEnv({ DATABASE_URL: `${serverUrl}/${name}` });
  const cli = cliOf(dist, env);
  let server;
  try {
    const token = userWithToken(cli, 'storm@example.com');
    server = await startServer(dist, env);
    const base = server.base;
    const body = JSON.stringify(doc);
    const answered = [];
    let sent = 0;
    const cpuBefore = databaseCpuSeconds();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (sent < creates) {
          sent++;
          const at = performance.now();
          const response = await fetch(`${base}/api/v1/docs`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body,
          });
          await response.arrayBuffer();
          if (response.status !== 201) throw new Error(`POST /docs: ${response.status}`);
          answered.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = databaseCpuSeconds();
    const p50s = [];
    for (let from = 0; from < answered.length; from += 100) {
      const chunk = answered.slice(from, from + 100).sort((a, b) => a - b);
      p50s.push(chunk[Math.floor(chunk.length / 2)].toFixed(0));
    }
    console.log(
      `${relative(process.cwd(), dist) || '.'}: ${creates} creates of one ${language} document by ${clients} clients`,
    );
    console.log(
      `  ${(creates / seconds).toFixed(0)} creates/s; p50 ms of each 100: ${p50s.join(' ')}`,
    );
    if (cpuBefore !== undefined) {
      console.log(`  database server CPU: ${(cpuAfter - cpuBefore).toFixed(2)} s`);
    }
  } finally {
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
