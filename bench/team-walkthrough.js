#!/usr/bin/env node
// A team's first day, as a user meets it (issue 51): on a database made for the run, a lead
// writes the department's documents through the API (ordinary sizes, 8 clients), makes a group
// of the staff, and shares the folder with it at once; then unshares it and shares it again.
// Each share is timed, with what the database did meanwhile (pages read from disk, pages
// dirty, undo history not yet purged), and then the same three again once the database has
// settled, so what comes from the fresh writes shows apart from what a share costs.
//
// With --busy, the clients go on editing the department's documents while each round runs, as a
// team does while its lead shares the folder.
//
//   node bench/team-walkthrough.js [--db mysql|sqlite] [--docs 10000] [--staff 1000]
//     [--clients 8] [--busy] [--dist dist] [--keep]
'use strict';

const { randomUUID } = require('node:crypto');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const mysql = require('mysql2/promise');
const { documentNumber } = require('./search-corpus');
const { cliOf, serviceEnv, startServer } = require('./lib/service-process');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const DB = option('db', 'mysql');
const DOCS = Number(option('docs', 10_000));
const STAFF = Number(option('staff', 1000));
const CLIENTS = Number(option('clients', 8));
const DIST = resolve(option('dist', join(__dirname, '..', 'dist')));
const KEEP = args.includes('--keep');
const BUSY = args.includes('--busy');
const SERVER = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

/** Document `n` at an ordinary size: its first paragraphs, 1 to 2 KB. */
function ordinaryDocument(n) {
  const { title, html } = documentNumber(n);
  const target = 1000 + ((n * 7919) % 1000);
  const kept = [];
  let bytes = 0;
  for (const paragraph of html.split('\n')) {
    kept.push(paragraph);
    bytes += Buffer.byteLength(paragraph);
    if (bytes >= target) break;
  }
  return { title, html: kept.join('\n') };
}

async function call(base, token, method, path, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { ms, body: text ? JSON.parse(text) : null };
}

/** Runs `work(i)` for i below `count`, `clients` at a time. */
async function inParallel(count, clients, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** MariaDB's counters that tell cold and dirty pages, and purge still to do. */
async function innodbState(admin) {
  if (!admin) return {};
  const [rows] = await admin.query(
    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_reads', 'Innodb_buffer_pool_pages_dirty', 'Innodb_history_list_length', 'Innodb_data_writes')",
  );
  return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
}

async function main() {
  const stamp = `${Date.now()}`;
  let database;
  let admin;
  let cleanup;
  if (DB === 'mysql') {
    const name = `dms_bench_walk_${stamp}`;
    admin = await mysql.createConnection({ uri: SERVER });
    // Made by hand, as an operator would: the service creates only its tables.
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    database = { DATABASE_URL: url.toString() };
    cleanup = () => (KEEP ? undefined : admin.query(`DROP DATABASE ${name}`));
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'dms-bench-walk-'));
    database = { DATABASE_URL: '', SQLITE_PATH: join(dir, 'docs.sqlite') };
    cleanup = () => (KEEP ? undefined : rmSync(dir, { recursive: true, force: true }));
  }
  const env = serviceEnv(database);
  const cli = cliOf(DIST, env);
  const server = await startServer(DIST, env);
  const report = { db: DB, docs: DOCS, staff: STAFF, clients: CLIENTS, busy: BUSY, steps: [] };
  try {
    const people = join(tmpdir(), `dms-walk-${stamp}.csv`);
    const lead = `lead-${stamp}@example.com`;
    const staff = Array.from({ length: STAFF }, (_, i) => `staff${i}-${stamp}@example.com`);
    writeFileSync(
      people,
      ['email,fname,lname', `${lead},Lead,Person`, ...staff.map((e) => `${e},Staff,Member`)].join(
        '\n',
      ),
    );
    cli('users', 'import', '--file', people);
    rmSync(people);
    const token = cli('tokens', 'create', '--email', lead).trim().split('\n').at(-1);
    const group = await call(server.base, token, 'POST', '/groups', { name: `Dept ${stamp}` });
    const groupId = group.body.id;

    let started = performance.now();
    await inParallel(STAFF, CLIENTS, (i) =>
      call(server.base, token, 'POST', `/groups/${groupId}/members`, { email: staff[i] }),
    );
    report.staffAddedS = (performance.now() - started) / 1000;

    started = performance.now();
    const uuids = [];
    await inParallel(DOCS, CLIENTS, async (i) => {
      const made = await call(server.base, token, 'POST', '/docs', {
        ...ordinaryDocument(i),
        path: '~/dept',
      });
      uuids.push(made.body.uuid);
    });
    report.docsWrittenS = (performance.now() - started) / 1000;

    const timed = async (label, work) => {
      const before = await innodbState(admin);
      const { ms } = await work();
      const after = await innodbState(admin);
      const delta = (name) => (after[name] ?? 0) - (before[name] ?? 0);
      report.steps.push({
        step: label,
        ms: Math.round(ms),
        ...(admin && {
          pagesReadFromDisk: delta('Innodb_buffer_pool_reads'),
          dirtyPagesBefore: before.Innodb_buffer_pool_pages_dirty,
          undoHistoryBefore: before.Innodb_history_list_length,
        }),
      });
    };
    /** The team at work: each client updates a department document, again and again. */
    const editing = () => {
      let going = true;
      let edits = 0;
      const clients = Array.from({ length: BUSY ? CLIENTS : 0 }, async (_, c) => {
        for (let i = c; going; i += CLIENTS) {
          const uuid = uuids[(i * 7919) % uuids.length];
          await call(server.base, token, 'PUT', `/docs/${uuid}`, { title: `Edited ${i}` });
          edits++;
        }
      });
      return async () => {
        going = false;
        await Promise.all(clients);
        return edits;
      };
    };
    const round = async (when) => {
      const stopEditing = editing();
      const share = await (async () => {
        let made;
        await timed(`${when}: share ~/dept with the group`, async () => {
          made = await call(server.base, token, 'POST', '/folders/shares', {
            path: '~/dept',
            group_id: groupId,
            role: 'viewer',
          });
          return made;
        });
        return made.body.id;
      })();
      await timed(`${when}: unshare`, () =>
        call(server.base, token, 'DELETE', `/folders/shares/${share}`),
      );
      let again;
      await timed(`${when}: share again`, async () => {
        again = await call(server.base, token, 'POST', '/folders/shares', {
          path: '~/dept',
          group_id: groupId,
          role: 'viewer',
        });
        return again;
      });
      await call(server.base, token, 'DELETE', `/folders/shares/${again.body.id}`);
      const edits = await stopEditing();
      if (BUSY) report.steps.push({ step: `${when}: edits meanwhile`, edits });
    };
    await round('just after the writes');
    if (admin) {
      // Settled: the dirty pages written out and the undo history purged, as after a quiet hour.
      started = performance.now();
      for (let i = 0; i < 600; i++) {
        const state = await innodbState(admin);
        if (state.Innodb_buffer_pool_pages_dirty < 100 && state.Innodb_history_list_length < 100)
          break;
        await new Promise((done) => setTimeout(done, 500));
      }
      report.settledAfterS = (performance.now() - started) / 1000;
    }
    await round('settled');
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await server.stop();
    await cleanup();
    await admin?.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
