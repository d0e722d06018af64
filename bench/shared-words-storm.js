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
const { execFileSync, spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const mysql = require('mysql2/promise');
const { documentNumber } = require('./search-corpus');

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
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      const pid = execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).trim().split('\n')[0];
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // not this one
    }
  }
  return undefined;
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
  const env = {
    ...process.env,
    DATABASE_URL: `${serverUrl}/${name}`,
    HOST: '127.0.0.1',
    PORT: String(20000 + Math.floor(Math.random() * 20000)),
    SEED_DEMO_USER: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_TOKEN: '1000000000',
    RATE_LIMIT_PER_ADDRESS: '1000000000',
    SHUTDOWN_READY_DELAY_MS: '0',
  };
  const cli = (...args) =>
    execFileSync(process.execPath, [join(dist, 'src', 'cli.js'), ...args], {
      env,
      encoding: 'utf8',
    });
  let server;
  try {
    cli('users', 'create', '--email', 'storm@example.com', '--fname', 'S', '--lname', 'T');
    const token = cli('tokens', 'create', '--email', 'storm@example.com').trim().split('\n').at(-1);
    server = spawn(process.execPath, [join(dist, 'src', 'main.js')], { env, stdio: 'ignore' });
    const base = `http://127.0.0.1:${env.PORT}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error('the service did not start');
      await new Promise((done) => setTimeout(done, 100));
    }
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
    server?.kill();
    if (server) await new Promise((done) => server.once('exit', done));
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
