// --hostile: each request of bench/hostile-requests.js while a client polls /health.
'use strict';

const { HOSTILE_REQUESTS, whilePollingHealth } = require('../hostile-requests');
const { printTable } = require('./report');
const { startServer } = require('./servers');

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

module.exports = { runHostileRequests };
