// Reporting: medians over the rounds, the tables printed, memory, and the JSON results file.
'use strict';

const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { MEMORY_SAMPLE_MS, memoryOf, processTree } = require('./process-stats');

const root = join(__dirname, '..', '..');

function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One row per case and server: the medians over the rounds. */
function summarise(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.case}\u0000${row.server}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  return [...groups.values()].map((group) => ({
    case: group[0].case,
    server: group[0].server,
    rounds: group.length,
    reqPerSec: Math.round(median(group.map((row) => row.reqPerSec))),
    p50Ms: median(group.map((row) => row.p50Ms)),
    p99Ms: median(group.map((row) => row.p99Ms)),
    errors: group.reduce((sum, row) => sum + row.errors, 0),
    serverCpuMsPerRequest: median(group.map((row) => row.serverCpuMsPerRequest)),
    peakRssMb: Math.max(...group.map((row) => row.peakRssMb)),
  }));
}

function machine(serverNode) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: serverNode,
    benchNode: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

function printTable(title, rows, columns) {
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

const MEASURE_COLUMNS = [
  ['req/s', (row) => String(row.reqPerSec)],
  ['p50 ms', (row) => String(row.p50Ms)],
  ['p99 ms', (row) => String(row.p99Ms)],
  ['errors', (row) => String(row.errors)],
  ['server CPU ms/req', (row) => row.serverCpuMsPerRequest.toFixed(2)],
  ['peak RSS MB', (row) => String(row.peakRssMb)],
];

function printResults(title, summary, servers) {
  const several = servers.length > 1;
  printTable(title, summary, [
    ['case', (row) => (several ? `${row.case} (${row.server})` : row.case)],
    ...MEASURE_COLUMNS,
  ]);
  const byCase = (server) =>
    new Map(summary.filter((r) => r.server === server).map((r) => [r.case, r]));
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const compare = (ours, theirs) => {
    const mine = byCase(ours.name);
    const other = byCase(theirs.name);
    const rows = [...mine.values()].filter((row) => other.has(row.case));
    const base = (row) => other.get(row.case);
    printTable(
      `${ours.name} / ${theirs.name} (medians of ${rows[0]?.rounds ?? 0} rounds; ratio: ${ours.name} req/s ÷ ${theirs.name} req/s)`,
      rows,
      [
        ['case', (row) => row.case],
        [`${theirs.name} req/s`, (row) => String(base(row).reqPerSec)],
        [`${ours.name} req/s`, (row) => String(row.reqPerSec)],
        ['ratio', (row) => ratio(row.reqPerSec, base(row).reqPerSec)],
        [`${theirs.name} p99 ms`, (row) => String(base(row).p99Ms)],
        [`${ours.name} p99 ms`, (row) => String(row.p99Ms)],
        ['p99 ratio', (row) => ratio(row.p99Ms, base(row).p99Ms)],
        [
          `CPU ms/req ${theirs.name} / ${ours.name}`,
          (row) =>
            `${base(row).serverCpuMsPerRequest.toFixed(2)} / ${row.serverCpuMsPerRequest.toFixed(2)}`,
        ],
      ],
    );
  };
  for (const service of servers.filter((s) => s.kind === 'service')) {
    for (const other of servers) {
      const sameSize = other.workers === service.workers;
      if ((other.kind === 'reference' && sameSize) || ['baseline', 'floor'].includes(other.kind)) {
        compare(service, other);
      }
    }
  }
  const hooked = servers.find((s) => s.webhookActive);
  const plain = servers.find((s) => s.kind === 'service' && !s.webhookActive && s.workers === 1);
  if (hooked && plain) compare(hooked, plain);
  const measured = servers.find((s) => s.kind === 'metrics');
  if (measured && plain) compare(measured, plain);
  const floor = servers.find((s) => s.kind === 'floor');
  const reference = servers.find((s) => s.kind === 'reference' && s.workers === 1);
  if (floor && reference) compare(floor, reference);
  for (const kind of ['service', 'reference']) {
    const one = servers.find((s) => s.kind === kind && s.workers === 1);
    const many = servers.find((s) => s.kind === kind && s.workers > 1);
    if (!one || !many) continue;
    const single = byCase(one.name);
    const rows = [...byCase(many.name).values()].filter((row) => single.has(row.case));
    printTable(`Scaling of the ${kind}: ${many.workers} workers / 1 worker`, rows, [
      ['case', (row) => row.case],
      ['1 worker req/s', (row) => String(single.get(row.case).reqPerSec)],
      [`${many.workers} workers req/s`, (row) => String(row.reqPerSec)],
      ['scaling', (row) => ratio(row.reqPerSec, single.get(row.case).reqPerSec)],
      ['1 worker p99 ms', (row) => String(single.get(row.case).p99Ms)],
      [`${many.workers} workers p99 ms`, (row) => String(row.p99Ms)],
    ]);
  }
}

function printMemory(servers) {
  console.log('\nMemory (resident, MB; a server with workers counts all its processes)');
  for (const server of servers) {
    const perProcessPeak = processTree(server.pid).map((pid) =>
      Math.round(memoryOf(pid).peakKb / 1024),
    );
    console.log(
      `- ${server.name}: peak through the whole run ${Math.round(server.peakTreeRssKb / 1024)} MB` +
        ` (sampled every ${MEMORY_SAMPLE_MS} ms); peak per process (VmHWM) ${perProcessPeak.join(' + ')} MB`,
    );
    const shape = (label, heap) =>
      heap &&
      console.log(
        `    ${label}: rss ${heap.rssMb}, heap ${heap.heapUsedMb} used of ${heap.heapTotalMb}` +
          ` (new ${heap.spaces.new_space?.sizeMb}, old ${heap.spaces.old_space?.usedMb}/${heap.spaces.old_space?.sizeMb},` +
          ` code ${heap.spaces.code_space?.sizeMb}, large objects ${heap.spaces.large_object_space?.sizeMb}),` +
          ` external ${heap.externalMb} (array buffers ${heap.arrayBuffersMb})`,
      );
    shape('after start', server.heapAfterStart);
    shape('after the bench', server.heapAfterBench);
    shape('after the bench, after a full GC', server.heapAfterGc);
  }
}

function writeResults(stamp, kind, data) {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${stamp}-${kind}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** Flat cost: the last page against page 1, and page 1 at the largest size against the smallest. */
function printRatios(sweep) {
  const latency = (docs, name) =>
    sweep.find((row) => row.docs === docs && row.case.startsWith(name))?.p50Ms;
  const sizes = [...new Set(sweep.map((row) => row.docs))];
  const largest = Math.max(...sizes);
  const smallest = Math.min(...sizes);
  for (const list of ['list', 'shared list']) {
    const first = latency(largest, `${list} page 1`);
    const last = latency(largest, `${list} last page`);
    const firstSmall = latency(smallest, `${list} page 1`);
    console.log(
      `\n${list}: last page / page 1 at ${largest} documents (median latency): ${(last / first).toFixed(2)}; ` +
        `page 1 at ${largest} / page 1 at ${smallest}: ${(first / firstSmall).toFixed(2)}`,
    );
  }
}

module.exports = {
  summarise,
  machine,
  printTable,
  printResults,
  printMemory,
  writeResults,
  printRatios,
};
