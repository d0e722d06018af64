// The servers under test: which to run (the service as start:prod runs it, the reference, the
// card's floor, a baseline build, the service with metrics), starting one and watching memory.
'use strict';

const { execFileSync, spawn } = require('node:child_process');
const { closeSync, mkdirSync, openSync, readFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { join } = require('node:path');
const { MEMORY_SAMPLE_MS, treeRssKb } = require('./process-stats');

const root = join(__dirname, '..', '..');

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

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function nodeVersionOf(binary) {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

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

/**
 * What to run: the service (dist/src/main.js) or the reference, with how many processes. The
 * service's stdout (its JSON log) goes to a file, as an operator's would.
 */
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
        script: join(root, 'bench', 'reference-server.js'),
        nodeFlags: [],
        env: { REFERENCE_WORKERS: String(workers) },
      });
    }
    if (options.floor && workers === 1) {
      targets.push({
        name: 'floor',
        kind: 'floor',
        workers,
        script: join(root, 'bench', 'card-floor-server.js'),
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
  const flags = [...target.nodeFlags, '-r', join(root, 'bench', 'server-probe.js')];
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

module.exports = { nodeVersionOf, productionStart, targetsFor, startServer, watchMemory };
