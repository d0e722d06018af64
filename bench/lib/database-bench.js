// One database's run: its servers, the seeding, then the load cases, the sweep or the hostile
// requests, the report and the results file.
'use strict';

const { statSync } = require('node:fs');
const os = require('node:os');
const { allCases, listCases } = require('./cases');
const { openMysql, openSqlite } = require('./databases');
const { explainList } = require('./explain');
const { runHostileRequests } = require('./hostile');
const { runCases } = require('./load');
const { memoryOf, processTree } = require('./process-stats');
const {
  machine,
  printMemory,
  printRatios,
  printResults,
  summarise,
  writeResults,
} = require('./report');
const { seedDocs, seedUsers } = require('./seeding');
const { startServer, targetsFor, watchMemory } = require('./servers');
const { seedTeams, teamCases } = require('./teams');
const { reportWebhook, subscribeWebhook } = require('./webhook');

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
    } else if (options.teams) {
      const seedMs = await seedDocs(db, seed, options.docs);
      const service = servers.find((server) => server.kind === 'service');
      const teamsStart = Date.now();
      const teams = await seedTeams(db, seed, service.baseUrl);
      console.log(
        `[${kind}] ${options.docs} documents (+${options.docs} of other users) seeded in ${seedMs} ms; ` +
          `the teams in ${Date.now() - teamsStart} ms`,
      );
      console.log(JSON.stringify(teams.timings, null, 2));
      report.docs = options.docs;
      report.teams = teams.timings;
      const cases = teamCases(seed, teams, options.docs).filter(
        (testCase) =>
          options.only === undefined ||
          options.only.split(',').some((text) => testCase.name.includes(text.trim())),
      );
      report.runs = await runCases(servers, seed, cases, options, kind);
      report.cases = summarise(report.runs);
      printResults(heading(options.docs), report.cases, servers);
      printTeamRatios(report.cases);
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

/** Each teams case, the member's median latency and CPU per request ÷ the direct reader's. */
function printTeamRatios(cases) {
  for (const row of cases.filter((c) => c.case.endsWith('(member)'))) {
    const direct = cases.find(
      (c) => c.server === row.server && c.case === row.case.replace('(member)', '(direct)'),
    );
    if (!direct) continue;
    const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    console.log(
      `${row.server}: ${row.case.replace(' (member)', '')}: member ÷ direct p50 ${ratio(row.p50Ms, direct.p50Ms)}, ` +
        `CPU/request ${ratio(row.serverCpuMsPerRequest, direct.serverCpuMsPerRequest)}, req/s ${ratio(direct.reqPerSec, row.reqPerSec)} (direct ÷ member)`,
    );
  }
}

module.exports = { benchDatabase };
