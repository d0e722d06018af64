#!/usr/bin/env node
// A local 3-node MariaDB Galera cluster with HAProxy in front, on loopback ports, in a
// temporary directory. Used by `npm run cluster:up` / `cluster:down` (run by hand) and by the
// cluster test (test/cluster/), which kills and revives nodes through the same functions.
//
// Nothing here touches the machine's own MariaDB: every node gets its own port, socket, pid
// file and data directory, and every client call names its host, port and protocol.
'use strict';

const { execFile, spawn } = require('node:child_process');
const fs = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const mysql = require('mysql2/promise');

const PROVIDER = process.env.GALERA_PROVIDER || '/usr/lib/galera/libgalera_smm.so';
const STATE_FILE = path.join(__dirname, '..', 'data', 'galera-cluster.json');
const CLUSTER_NAME = 'dms_local';

/** Where a program is: on PATH, or in the sbin directories PATH often lacks. */
function findProgram(name) {
  const dirs = [...(process.env.PATH || '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** What is missing to run a cluster here (empty when nothing is). */
function missingPrograms() {
  const missing = [];
  for (const name of ['mariadbd', 'mariadb-install-db', 'mariadb', 'rsync', 'haproxy']) {
    if (!findProgram(name)) missing.push(name);
  }
  if (!fs.existsSync(PROVIDER)) missing.push(PROVIDER);
  return missing;
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Free loopback ports below Linux's ephemeral range (32768+), so that no outgoing connection
 * takes one between now and when a node binds it (IST and SST ports are bound much later).
 */
async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (!ports.has(port) && (await portFree(port))) ports.add(port);
  }
  return [...ports];
}

function run(file, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 60_000, ...options }, (error, stdout, stderr) => {
      if (error) {
        error.message += `\n${stdout}${stderr}`;
        reject(error);
      } else resolve(stdout);
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function nodeConfig(dir, node, nodes) {
  const d = node.dir;
  const addresses = nodes.map((n) => `127.0.0.1:${n.gmcastPort}`).join(',');
  // Short failure detection (a dead node is evicted in a few seconds, not 6+); install_timeout
  // as long as inactive_timeout, or the survivors may fail to agree on the new membership.
  const provider = [
    `gmcast.listen_addr=tcp://127.0.0.1:${node.gmcastPort}`,
    `ist.recv_addr=127.0.0.1:${node.istPort}`,
    'gcache.size=64M',
    'evs.suspect_timeout=PT2S',
    'evs.inactive_timeout=PT4S',
    'evs.install_timeout=PT4S',
    'evs.keepalive_period=PT0.5S',
  ].join(';');
  return `[mysqld]
${asRoot ? 'user=mysql\n' : ''}datadir=${d}/data
tmpdir=${d}/tmp
socket=${d}/mysqld.sock
pid-file=${d}/mysqld.pid
log-error=${d}/error.log
port=${node.sqlPort}
bind-address=127.0.0.1
skip-name-resolve
performance_schema=OFF
innodb_buffer_pool_size=64M
innodb_log_file_size=48M
innodb_flush_log_at_trx_commit=2
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
wsrep_on=ON
wsrep_provider=${PROVIDER}
wsrep_cluster_name=${CLUSTER_NAME}
wsrep_cluster_address=gcomm://${addresses}
wsrep_node_name=${node.name}
wsrep_node_address=127.0.0.1:${node.gmcastPort}
wsrep_provider_options="${provider}"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:${node.sstPort}
wsrep_data_home_dir=${d}/data
`;
}

/** HAProxy's health check: a node is fit for traffic only when Synced (4) and ready. */
function healthCheckScript(client) {
  return `#!/bin/sh
# HAProxy external check; $3 = the server's address, $4 = its port.
out=$(${client} --no-defaults --protocol=tcp --connect-timeout=1 -h"$3" -P"$4" -uhaproxy -N -B -e \\
  "select group_concat(variable_value order by variable_name) from information_schema.global_status where variable_name in ('wsrep_local_state','wsrep_ready')" 2>/dev/null) || exit 1
[ "$out" = "4,ON" ]
`;
}

function haproxyConfig(dir, port, nodes) {
  const servers = nodes
    .map((n, i) => `  server ${n.name} 127.0.0.1:${n.sqlPort} check${i === 0 ? '' : ' backup'}`)
    .join('\n');
  return `global
  external-check
  insecure-fork-wanted
  maxconn 4000
  stats socket ${dir}/haproxy.sock mode 600 level admin

defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 2s
  retries 2
  option redispatch

# One writer at a time: ${nodes[0].name}, else the first healthy backup. A node that stops
# being Synced is taken out within about 2 s, and its open sessions are cut, so that the
# application's pool reconnects to the next node at once.
listen galera
  bind 127.0.0.1:${port}
  option external-check
  external-check path "/usr/bin:/bin:/usr/sbin:/sbin"
  external-check command ${dir}/hacheck.sh
  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions observe layer4 error-limit 1 on-error mark-down
${servers}
`;
}

/** A running cluster, or the description of one another process started. */
class GaleraCluster {
  constructor(state, { log = () => {}, detached = false } = {}) {
    this.dir = state.dir;
    this.nodes = state.nodes;
    this.haproxy = state.haproxy;
    this.log = log;
    this.detached = detached;
    this.children = new Map();
  }

  /** What `cluster:down` needs to stop everything later (pids are kept current). */
  get state() {
    return { dir: this.dir, nodes: this.nodes, haproxy: this.haproxy };
  }

  /** The DATABASE_URL through HAProxy. */
  url(database) {
    return `mysql://root@127.0.0.1:${this.haproxy.port}/${database}`;
  }

  /** Every pid started, for cleanup by a process-exit handler. */
  pids() {
    return [this.haproxy.pid, ...this.nodes.map((n) => n.pid)].filter(Boolean);
  }

  spawnDaemon(file, args, logFile) {
    const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
    const child = spawn(file, args, { detached: this.detached, stdio: ['ignore', out, out] });
    if (logFile) fs.closeSync(out);
    child.on('error', () => undefined);
    if (this.detached) child.unref();
    return child;
  }

  connect(index, options = {}) {
    return mysql.createConnection({
      host: '127.0.0.1',
      port: this.nodes[index].sqlPort,
      user: 'root',
      connectTimeout: 2000,
      ...options,
    });
  }

  /** Runs SQL on one node (not through HAProxy) and returns the rows. */
  async query(index, sql, params = []) {
    return this.#run(index, sql, params, false);
  }

  /**
   * As `query`, after the node has applied every write set the cluster had committed when the
   * query arrived (wsrep_sync_wait): a node that certified a transaction may apply it a moment
   * later, so a comparison of nodes reads with this one. The node must be Synced.
   */
  async queryApplied(index, sql, params = []) {
    return this.#run(index, sql, params, true);
  }

  async #run(index, sql, params, applied) {
    const connection = await this.connect(index);
    try {
      if (applied) await connection.query('SET SESSION wsrep_sync_wait = 1');
      const [rows] = await connection.query(sql, params);
      return rows;
    } finally {
      await connection.end().catch(() => connection.destroy());
    }
  }

  async status(index) {
    const rows = await this.query(
      index,
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_state_comment','wsrep_cluster_size','wsrep_ready','wsrep_cluster_status','wsrep_last_committed')",
    );
    return Object.fromEntries(rows.map((r) => [r.Variable_name, r.Value]));
  }

  alive(index) {
    const pid = this.nodes[index].pid;
    if (!pid) return false;
    return pidAlive(pid) && !this.reap(pid);
  }

  errorLog(index) {
    try {
      return fs.readFileSync(path.join(this.nodes[index].dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Polls `check` every 200 ms until it returns something truthy; fails after `ms`. */
  async until(what, check, ms = 60_000) {
    const deadline = Date.now() + ms;
    let last;
    for (;;) {
      try {
        const result = await check();
        if (result) return result;
      } catch (error) {
        if (error.abort) throw error;
        last = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}${last ? ` (${last.message})` : ''}`);
      }
      await sleep(200);
    }
  }

  async waitSynced(index, ms = 90_000) {
    const node = this.nodes[index];
    await this.until(
      `${node.name} to be Synced`,
      async () => {
        if (!this.alive(index)) {
          throw Object.assign(new Error(`${node.name} exited`), { abort: true });
        }
        const status = await this.status(index);
        return status.wsrep_local_state_comment === 'Synced' && status.wsrep_ready === 'ON';
      },
      ms,
    ).catch((error) => {
      throw new Error(
        `${error.message}\n--- ${node.name} error.log ---\n${this.errorLog(index).slice(-3000)}`,
      );
    });
  }

  /** Waits until a node (alive) sees `size` members in the Primary component. */
  async waitClusterSize(size, ms = 30_000) {
    await this.until(
      `a cluster of ${size}`,
      async () => {
        for (let i = 0; i < this.nodes.length; i++) {
          if (!this.alive(i)) continue;
          const status = await this.status(i);
          return (
            status.wsrep_cluster_status === 'Primary' && Number(status.wsrep_cluster_size) === size
          );
        }
        return false;
      },
      ms,
    );
  }

  startNode(index, extraArgs = []) {
    const node = this.nodes[index];
    const child = this.spawnDaemon(findProgram('mariadbd'), [
      `--defaults-file=${node.dir}/my.cnf`,
      ...extraArgs,
    ]);
    node.pid = child.pid;
    this.children.set(child.pid, child);
    this.log(`${node.name}: mariadbd started (pid ${child.pid}) ${extraArgs.join(' ')}`.trim());
  }

  startHaproxy() {
    const child = this.spawnDaemon(
      findProgram('haproxy'),
      ['-f', path.join(this.dir, 'haproxy.cfg'), '-db'],
      path.join(this.dir, 'haproxy.log'),
    );
    this.haproxy.pid = child.pid;
    this.children.set(child.pid, child);
    this.log(`haproxy started (pid ${child.pid}) on 127.0.0.1:${this.haproxy.port}`);
  }

  /** The node HAProxy sends new connections to (it answers through HAProxy). */
  async writerNode() {
    const connection = await mysql.createConnection({
      host: '127.0.0.1',
      port: this.haproxy.port,
      user: 'root',
      connectTimeout: 2000,
    });
    try {
      const [rows] = await connection.query('SELECT @@wsrep_node_name AS name');
      return this.nodes.findIndex((n) => n.name === rows[0].name);
    } finally {
      await connection.end().catch(() => connection.destroy());
    }
  }

  /** Waits until HAProxy routes new connections to a synced node, and says which. */
  async waitForWriter(ms = 30_000) {
    return this.until(
      'HAProxy to route to a node',
      async () => {
        const index = await this.writerNode();
        return index >= 0 ? { index } : null;
      },
      ms,
    ).then((found) => found.index);
  }

  /** SIGKILL, as a crash would; resolves once the process is gone. */
  async kill(index, signal = 'SIGKILL') {
    const node = this.nodes[index];
    if (!node.pid) return;
    try {
      process.kill(node.pid, signal);
    } catch {
      // already gone
    }
    await this.until(`${node.name} to exit`, () => !this.alive(index), 30_000);
    this.log(`${node.name}: ${signal} (pid ${node.pid})`);
    node.pid = null;
  }

  /** True once a child of this process has exited (zombies still answer kill(pid, 0)). */
  reap(pid) {
    const child = this.children.get(pid);
    return child !== undefined && (child.exitCode !== null || child.signalCode !== null);
  }

  /**
   * Brings a crashed node back by IST: reads its last committed position (--wsrep-recover),
   * then starts it from there, with `donor` serving the missing write sets. Resolves when
   * it is Synced. Returns how long it took.
   */
  async recover(index, { donor } = {}) {
    const node = this.nodes[index];
    const started = Date.now();
    const logFile = path.join(node.dir, 'error.log');
    const before = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    await run(findProgram('mariadbd'), [`--defaults-file=${node.dir}/my.cnf`, '--wsrep-recover']);
    const recent = fs.readFileSync(logFile, 'utf8').slice(before);
    const match = /WSREP: Recovered position: ([0-9a-f-]+:-?\d+)/.exec(recent);
    if (!match) throw new Error(`${node.name}: no recovered position in error.log:\n${recent}`);
    const position = match[1];
    this.log(`${node.name}: recovered position ${position}`);
    const args = [`--wsrep-start-position=${position}`];
    // The trailing comma lets it fall back to any other donor.
    if (donor !== undefined) args.push(`--wsrep-sst-donor=${this.nodes[donor].name},`);
    this.startNode(index, args);
    await this.waitSynced(index);
    const joined = fs.readFileSync(logFile, 'utf8').slice(before);
    // A joiner that needs a full copy logs "rsync SST completed"; one served by IST does not.
    const byIst = /IST received/.test(joined) && !/rsync SST completed on joiner/.test(joined);
    return { ms: Date.now() - started, position, byIst };
  }

  /** Stops everything and removes the directory (kept with `keep`). */
  async stop({ keep = false } = {}) {
    if (this.haproxy.pid) signal(this.haproxy.pid, 'SIGTERM');
    this.haproxy.pid = null;
    const running = this.nodes.filter((n) => n.pid);
    for (const node of running) signal(node.pid, 'SIGTERM');
    await Promise.all(
      running.map(async (node) => {
        const deadline = Date.now() + 15_000;
        while (pidAlive(node.pid) && !this.reap(node.pid) && Date.now() < deadline)
          await sleep(100);
        if (pidAlive(node.pid) && !this.reap(node.pid)) signal(node.pid, 'SIGKILL');
        node.pid = null;
      }),
    );
    if (!keep) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Synchronous last resort for a process-exit handler: SIGKILL everything, remove the dir. */
  killNow() {
    for (const pid of this.pids()) signal(pid, 'SIGKILL');
    try {
      fs.rmSync(this.dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates and starts a 3-node cluster and HAProxy. `detached` leaves the daemons running
 * after this process ends (cluster:up). On failure, whatever was started is stopped.
 */
async function startCluster({ log = () => {}, detached = false, dir, haproxyPort } = {}) {
  const missing = missingPrograms();
  if (missing.length)
    throw new Error(`cannot start a Galera cluster: missing ${missing.join(', ')}`);
  const root = dir || fs.mkdtempSync(path.join(os.tmpdir(), 'dms-galera-'));
  const ports = await freePorts(12);
  const nodes = [0, 1, 2].map((i) => ({
    name: `n${i + 1}`,
    dir: path.join(root, `n${i + 1}`),
    sqlPort: ports[i * 4],
    gmcastPort: ports[i * 4 + 1],
    istPort: ports[i * 4 + 2],
    sstPort: ports[i * 4 + 3],
    pid: null,
  }));
  const port = haproxyPort || (await freePorts(1))[0];
  const cluster = new GaleraCluster(
    { dir: root, nodes, haproxy: { port, pid: null } },
    { log, detached },
  );
  try {
    for (const node of nodes) {
      fs.mkdirSync(path.join(node.dir, 'data'), { recursive: true });
      fs.mkdirSync(path.join(node.dir, 'tmp'), { recursive: true });
      fs.writeFileSync(path.join(node.dir, 'my.cnf'), nodeConfig(root, node, nodes));
    }
    const client = findProgram('mariadb');
    fs.writeFileSync(path.join(root, 'hacheck.sh'), healthCheckScript(client), { mode: 0o755 });
    fs.writeFileSync(path.join(root, 'haproxy.cfg'), haproxyConfig(root, port, nodes));
    if (asRoot) {
      fs.chmodSync(root, 0o755);
      await run('chown', ['-R', 'mysql:mysql', ...nodes.map((n) => n.dir)]);
    }
    const started = Date.now();
    await run(findProgram('mariadb-install-db'), [
      '--no-defaults',
      `--datadir=${nodes[0].dir}/data`,
      ...(asRoot ? ['--user=mysql'] : []),
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      // Passed on to the bootstrap server: never near the machine's own socket or port.
      `--socket=${nodes[0].dir}/install.sock`,
      '--skip-networking',
    ]);
    cluster.startNode(0, ['--wsrep-new-cluster']);
    await cluster.waitSynced(0);
    // HAProxy's health check logs in as this user; it may read the server status only.
    await cluster.query(0, "CREATE USER 'haproxy'@'127.0.0.1', 'haproxy'@'localhost'");
    // The others join empty and get their data by state transfer (SST), one at a time.
    for (const i of [1, 2]) {
      cluster.startNode(i);
      await cluster.waitSynced(i);
    }
    await cluster.waitClusterSize(3);
    cluster.startHaproxy();
    await cluster.waitForWriter();
    log(`cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return cluster;
  } catch (error) {
    await cluster.stop({ keep: !!process.env.GALERA_KEEP_DIR }).catch(() => undefined);
    throw error;
  }
}

module.exports = { startCluster, GaleraCluster, missingPrograms, PROVIDER, STATE_FILE };

// --- command line: cluster:up / cluster:down ---

async function up() {
  if (fs.existsSync(STATE_FILE)) {
    console.error(
      `A cluster seems to be running already (${path.relative(process.cwd(), STATE_FILE)}); ` +
        'run `npm run cluster:down` first.',
    );
    process.exit(1);
  }
  const portArg = process.argv.indexOf('--port');
  const haproxyPort = portArg > 0 ? Number(process.argv[portArg + 1]) : undefined;
  const cluster = await startCluster({
    detached: true,
    haproxyPort,
    log: (line) => console.error(`  ${line}`),
  });
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(cluster.state, null, 2)}\n`);
  const nodes = cluster.nodes.map((n) => `${n.name} 127.0.0.1:${n.sqlPort}`).join(', ');
  console.error(`Galera cluster up: ${nodes}; HAProxy on 127.0.0.1:${cluster.haproxy.port}`);
  console.error(`Files in ${cluster.dir}; stop with \`npm run cluster:down\`.`);
  console.log(`DATABASE_URL=${cluster.url('docs')}`);
}

async function down() {
  if (!fs.existsSync(STATE_FILE)) {
    console.error('No cluster started by `npm run cluster:up` is recorded; nothing to stop.');
    return;
  }
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  const cluster = new GaleraCluster(state);
  await cluster.stop();
  fs.rmSync(STATE_FILE, { force: true });
  console.error(`Galera cluster stopped; ${state.dir} removed.`);
}

if (require.main === module) {
  const command = process.argv[2];
  const action = { up, down }[command];
  if (!action) {
    console.error('usage: node scripts/galera-cluster.js up [--port N] | down');
    process.exit(2);
  }
  action().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
