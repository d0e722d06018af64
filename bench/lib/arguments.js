// The benchmark's command line: the options and their defaults, and --help, which prints the
// usage at the top of bench/run.js.
'use strict';

const { readFileSync } = require('node:fs');
const { join, resolve: resolvePath } = require('node:path');

const USAGE_FILE = join(__dirname, '..', 'run.js');

function parseArgs(argv) {
  const options = {
    db: 'both',
    docs: 10_000,
    duration: 10,
    connections: 32,
    sweep: false,
    sizes: [1_000, 10_000, 100_000],
    keep: false,
    cpuProf: false,
    allocProf: false,
    only: undefined,
    reference: false,
    floor: false,
    workers: 1,
    redis: false,
    hostile: false,
    hostileTimeout: 60,
    rounds: undefined,
    node: process.execPath,
    baseline: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const positiveInteger = (text) => {
      const number = Number(text);
      if (!Number.isInteger(number) || number < 1) {
        throw new Error(`${arg} must be a positive integer`);
      }
      return number;
    };
    if (arg === '--docs') options.docsGiven = true;
    if (arg === '--db') {
      options.db = value();
      if (!['mysql', 'sqlite', 'both'].includes(options.db)) {
        throw new Error('--db must be mysql, sqlite or both');
      }
    } else if (arg === '--docs') options.docs = positiveInteger(value());
    else if (arg === '--duration') options.duration = positiveInteger(value());
    else if (arg === '--connections') options.connections = positiveInteger(value());
    else if (arg === '--sizes') options.sizes = value().split(',').map(positiveInteger);
    else if (arg === '--sweep') options.sweep = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--webhook') options.webhook = true;
    else if (arg === '--metrics') options.metrics = true;
    else if (arg === '--no-delivery') options.noDelivery = true;
    else if (arg === '--rate') options.rate = positiveInteger(value());
    else if (arg === '--cpu-prof') options.cpuProf = true;
    else if (arg === '--alloc-prof') options.allocProf = true;
    else if (arg === '--only') options.only = value();
    else if (arg === '--reference') options.reference = true;
    else if (arg === '--floor') options.floor = true;
    else if (arg === '--workers') options.workers = positiveInteger(value());
    else if (arg === '--redis') options.redis = true;
    else if (arg === '--hostile') options.hostile = true;
    else if (arg === '--search') options.search = true;
    else if (arg === '--teams') options.teams = true;
    else if (arg === '--no-postgres') options.noPostgres = true;
    else if (arg === '--hostile-timeout') options.hostileTimeout = positiveInteger(value());
    else if (arg === '--rounds') options.rounds = positiveInteger(value());
    else if (arg === '--node') options.node = resolvePath(value());
    else if (arg === '--baseline') options.baseline = resolvePath(value());
    else if (arg === '--baseline-node-flags') options.baselineNodeFlags = value();
    else if (arg === '--help' || arg === '-h') {
      const lines = readFileSync(USAGE_FILE, 'utf8').split('\n').slice(1);
      const usage = lines.slice(
        0,
        lines.findIndex((line) => !line.startsWith('//')),
      );
      console.log(usage.join('\n'));
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  if (options.reference || options.floor) {
    if (options.db === 'sqlite')
      throw new Error('--reference and --floor need MySQL (they are mysql2 only)');
    options.db = 'mysql';
  }
  return options;
}

module.exports = { parseArgs };
