#!/usr/bin/env node
// Summarises V8 CPU profiles and sampling heap profiles (`npm run bench -- --cpu-prof` or
// `--alloc-prof` write them to bench/results/profiles): self time, or bytes allocated, by
// package (node_modules/<name>), this service's code (dist/), Node's own modules (node:*), the
// garbage collector, idle time; and the top functions.
//
//   node bench/profile-summary.js bench/results/profiles/<file>.cpuprofile [--top 25] [--requests N]
//
// --requests N divides by N (the requests served while profiling): ms or kB per request.
'use strict';

const { readFileSync } = require('node:fs');

function parseArgs(argv) {
  const options = { files: [], top: 25, requests: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') options.top = Number(argv[++i]);
    else if (argv[i] === '--requests') options.requests = Number(argv[++i]);
    else options.files.push(argv[i]);
  }
  if (options.files.length === 0) {
    console.error(
      'usage: node bench/profile-summary.js <file.cpuprofile>... [--top N] [--requests N]',
    );
    process.exit(2);
  }
  return options;
}

/** Where a function comes from: a package, the service, Node itself, or V8's bookkeeping. */
function origin(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (idle), (program)
    return '(native)';
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node (built-in modules)';
  if (url.includes('/dist/')) return 'this service (dist/)';
  if (url.includes('/bench/')) return 'bench/ (reference server, probes)';
  return url;
}

/** A sampling heap profile (.heapprofile): bytes allocated per node, walked as a tree. */
function summariseAllocations(profile) {
  const packages = new Map();
  const functions = new Map();
  let total = 0;
  const visit = (node) => {
    const { callFrame, selfSize } = node;
    if (selfSize > 0) {
      total += selfSize;
      const where = origin(callFrame);
      packages.set(where, (packages.get(where) ?? 0) + selfSize);
      const name = `${callFrame.functionName || '(anonymous)'} ${where.startsWith('(') ? '' : `[${where}]`}`;
      functions.set(name, (functions.get(name) ?? 0) + selfSize);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(profile.head);
  return { allocations: true, total, packages, functions };
}

function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  if (profile.head) return summariseAllocations(profile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  // timeDeltas[i] is the time before samples[i] was taken; it is spent in that sample's node.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const packages = new Map();
  const functions = new Map();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    totalUs += us;
    const where = origin(callFrame);
    packages.set(where, (packages.get(where) ?? 0) + us);
    const name = `${callFrame.functionName || '(anonymous)'} ${where.startsWith('(') ? '' : `[${where}]`}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  return { total: totalUs, packages, functions };
}

function print(title, totals, summary, options) {
  const { total, allocations } = summary;
  const busy = total - (totals.get('(idle)') ?? 0);
  console.log(`\n${title}`);
  const rows = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, options.top);
  for (const [name, amount] of rows) {
    const share = `${((amount / total) * 100).toFixed(1)}%`.padStart(6);
    const busyShare =
      allocations || name === '(idle)' ? '' : ` (${((amount / busy) * 100).toFixed(1)}% of busy)`;
    const perRequest = !options.requests
      ? ''
      : allocations
        ? `  ${(amount / 1024 / options.requests).toFixed(2)} kB/req`
        : `  ${(amount / 1000 / options.requests).toFixed(3)} ms/req`;
    console.log(`${share}${busyShare.padEnd(18)}${perRequest}  ${name}`);
  }
}

/** A one-line summary: the top origins by self time, in ms per request when that is known. */
function topOrigins(file, requests, count = 8) {
  const { total, packages, allocations } = summarise(file);
  const unit = allocations ? 'kB/req' : 'ms/req';
  const top = [...packages.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, amount]) =>
      requests
        ? `${name} ${(allocations ? amount / 1024 / requests : amount / 1000 / requests).toFixed(allocations ? 2 : 3)}`
        : `${name} ${((amount / total) * 100).toFixed(1)}%`,
    )
    .join(', ');
  const all = allocations ? `; in all ${(total / 1024 / requests).toFixed(1)} kB/req` : '';
  return `self ${unit}: ${top}${all}`;
}

module.exports = { summarise, topOrigins };

function main() {
  const options = parseArgs(process.argv.slice(2));
  for (const file of options.files) {
    const summary = summarise(file);
    const what = summary.allocations ? 'allocated' : 'self time';
    console.log(
      summary.allocations
        ? `${file}: ${(summary.total / 2 ** 20).toFixed(1)} MB allocated (sampled)`
        : `${file}: ${(summary.total / 1e6).toFixed(1)} s sampled`,
    );
    print(`By origin (${what}):`, summary.packages, summary, options);
    print(`Top functions (${what}):`, summary.functions, summary, options);
  }
}

if (require.main === module) main();
