// Load: autocannon on one server for one case (with the server's CPU, system calls, memory
// and, if asked, a profile of the measured part), and every case on every server in turns.
'use strict';

const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { topOrigins } = require('../profile-summary');
const { MEMORY_SAMPLE_MS, treeCpuMs, treeRssKb, treeSyscalls } = require('./process-stats');

const root = join(__dirname, '..', '..');

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

module.exports = { runCases };
