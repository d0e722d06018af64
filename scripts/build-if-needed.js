#!/usr/bin/env node
// Builds dist/ with `nest build` when it is missing or older than the sources, so that
// `npm start`, `npm run cli` and `npm test` work on a fresh clone. Build output goes to
// stderr: the CLI's stdout stays clean for scripts.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'migrations',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'package-lock.json',
];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(
  ...inputs
    .map((input) => join(root, input))
    .filter(existsSync)
    .map(newestChange),
);

if (changedAt > builtAt) {
  process.stderr.write('Building the service (nest build)...\n');
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  writeFileSync(stamp, new Date().toISOString());
}
