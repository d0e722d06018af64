'use strict';
// A build of the service run as a process of its own, as the write benchmarks that make their
// own database run it (bench/api-load.js, bench/shared-words-storm.js): its CLI, and its server
// on a free port, answered once /health says so.
const { execFileSync, spawn } = require('node:child_process');
const { join } = require('node:path');

/** The environment of a benchmark's service: no demo user, quiet logs, no rate limits. */
function serviceEnv(database) {
  return {
    ...process.env,
    ...database,
    HOST: '127.0.0.1',
    PORT: String(20000 + Math.floor(Math.random() * 20000)),
    SEED_DEMO_USER: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_TOKEN: '1000000000',
    RATE_LIMIT_PER_ADDRESS: '1000000000',
    SHUTDOWN_READY_DELAY_MS: '0',
  };
}

/** Runs the build's CLI with these arguments; returns what it printed. */
const cliOf =
  (dist, env) =>
  (...args) =>
    execFileSync(process.execPath, [join(dist, 'src', 'cli.js'), ...args], {
      env,
      encoding: 'utf8',
    });

/** Makes a user and a token for them; returns the token. */
function userWithToken(cli, email, lastName = 'Bench') {
  cli('users', 'create', '--email', email, '--fname', 'Bench', '--lname', lastName);
  return cli('tokens', 'create', '--email', email).trim().split('\n').at(-1);
}

/** Starts the build's server and waits until it answers; `stop()` ends it. */
async function startServer(dist, env) {
  const server = spawn(process.execPath, [join(dist, 'src', 'main.js')], {
    env,
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('the service did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
  const exited = new Promise((done) => server.once('exit', done));
  return {
    pid: server.pid,
    base,
    stop: () => {
      server.kill();
      return exited;
    },
  };
}

/** The local MariaDB (or MySQL) server's process id, if it runs on this machine. */
function databaseServerPid() {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      return execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).trim().split('\n')[0];
    } catch {
      // not this one
    }
  }
  return undefined;
}

module.exports = { serviceEnv, cliOf, userWithToken, startServer, databaseServerPid };
