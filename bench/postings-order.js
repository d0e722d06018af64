'use strict';
// The posting index keyed by document (as it is) or by term, on a store kept by the search
// benchmark (`node bench/run.js --search --docs 100000 --db mysql --no-postgres --keep`), with
// MariaDB's buffer pool as it is set:
//
//   node bench/postings-order.js --database <kept database> [--appends 600]
//   node bench/postings-order.js --database <kept database> --service [--dist dist] [--seconds 15]
//
// Without --service: builds a copy of `search_postings` keyed by (term, document), times the
// search page statement of the member of 10,000, the team member and the member of all for
// `time` on each (the statement text of src/queries/mysql.sql, the table's name changed), with
// the pages each read from disk, then appends the postings of --appends corpus-like documents
// to each in turn, and drops the copy. With --service: runs the build on that database (creates,
// updates, the member of 10,000's `time`, a get-one; 8 clients, --seconds each), rebuilds
// `search_postings` keyed by (term, document) with an index by document (the build's statements
// read either), and runs them again. That rebuild stays: the database is a trial's afterwards,
// and --service on it again runs the build keyed by term alone (with another pool size, say).
//
// --bucket N: the copy keyed by (document id DIV N, term, document) instead of (term, document);
// issue 50's seventh part tried it with N = 1024, which the PostingsByBucket migration adopted.
// The tool compares with `search_postings` keyed by document: it needs a store kept by a build
// from before that migration.
//
// MySQL: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306).
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const mysql = require('mysql2/promise');
const { documentNumber } = require('./search-corpus');
const { cliOf, serviceEnv, startServer } = require('./lib/service-process');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const database = option('database');
const appends = Number(option('appends', 600));
const seconds = Number(option('seconds', 15));
const dist = resolve(option('dist', join(__dirname, '..', 'dist')));
const serverUrl = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
const COPY = 'trial_postings_by_term';
/**
 * --bucket N: the copy keyed by (document id DIV N, term, document) instead: a word's range per
 * bucket of N documents, so that a create writes to the newest bucket's ranges only.
 */
const bucket = option('bucket') === undefined ? undefined : Number(option('bucket'));
const bucketOf = (doc) => `${doc} DIV ${bucket}`;
/** The search benchmark's users by index (bench/search-bench.js): who searches. */
const SEARCHERS = { 'member of 10,000': 1000, 'team member': 1002, 'member of all': 1003 };

/** A page statement of the catalogue, on `table` instead of `search_postings`. */
function pageStatement(name, table) {
  const catalogue = readFileSync(join(__dirname, '..', 'src', 'queries', 'mysql.sql'), 'utf8');
  const text = catalogue.split(`-- name: ${name}\n`)[1].split('\n-- name:')[0];
  if (table === 'search_postings' || bucket === undefined) {
    return text.replace(/search_postings/g, table);
  }
  return text.replace(
    /search_postings (\w+) ON \1\.doc_id = ([\w.]+) AND \1\.term_id = ([\w.?]+)/g,
    (_, alias, doc, term) =>
      `${table} ${alias} ON ${alias}.bucket = ${bucketOf(doc)} AND ${alias}.term_id = ${term} AND ${alias}.doc_id = ${doc}`,
  );
}

async function poolReads(connection) {
  const [[row]] = await connection.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'");
  return Number(row.Value);
}

/** Runs `work` and says how long it took and how many pages it read from disk. */
async function measured(connection, work) {
  const reads = await poolReads(connection);
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, reads: (await poolReads(connection)) - reads, result };
}

async function statements(connection, users, term) {
  for (const [who, index] of Object.entries(SEARCHERS)) {
    const userId = users[index];
    const direct = who === 'member of 10,000';
    for (const table of ['search_postings', COPY]) {
      const text = pageStatement(
        direct
          ? 'search.page.member.all.oneGroup.firstTerm'
          : 'search.page.everyWay.all.oneGroup.firstTerm',
        table,
      );
      const parameters = direct
        ? [term, userId, 20, 0]
        : [term, userId, term, userId, term, userId, JSON.stringify([[0, term, 1, 1]]), 1, 20, 0];
      const runs = [];
      for (let run = 0; run < 3; run++) {
        runs.push(await measured(connection, () => connection.query(text, parameters)));
      }
      const total = runs[0].result[0][0]?.total_count;
      console.log(
        `  ${who.padEnd(17)} ${table.padEnd(24)} ${runs.map((r) => `${r.ms.toFixed(0)} ms (${r.reads} reads)`).join(', ')}; ${total} found`,
      );
    }
  }
}

/** Appends the postings of documents like the store's (copied from random ones) to each table. */
async function appendsTo(connection) {
  const [[{ last }]] = await connection.query('SELECT MAX(id) AS last FROM docs');
  const sources = [];
  for (let i = 0; i < appends; i++) {
    const [rows] = await connection.query(
      `SELECT p.term_id, p.weight, t.doc_count FROM search_postings p
       JOIN search_terms t ON t.id = p.term_id WHERE p.doc_id = ?`,
      [1 + Math.floor(Math.random() * last)],
    );
    sources.push(rows);
  }
  const firstId = 100_000_000;
  const postingsOf = (rows) => JSON.stringify(rows.map((row) => [row.term_id, row.weight]));
  const ways = {
    // As a create writes them today: by document, and the rare terms' rows by term.
    'by document': async (id, rows) => {
      await connection.query('BEGIN');
      await connection.query(
        `INSERT INTO search_postings (term_id, doc_id, weight) SELECT j.term_id, ?, j.weight
         FROM JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$[0]', weight INT PATH '$[1]')) j`,
        [id, postingsOf(rows)],
      );
      const rare = rows.filter((row) => row.doc_count < 256).map((row) => row.term_id);
      if (rare.length > 0) {
        await connection.query(
          `INSERT INTO search_rare_postings (term_id, doc_id) SELECT j.term_id, ?
           FROM JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$')) j`,
          [id, JSON.stringify(rare)],
        );
      }
      await connection.query('COMMIT');
    },
    [bucket === undefined ? 'by term' : 'by bucket']: (id, rows) =>
      connection.query(
        bucket === undefined
          ? `INSERT INTO ${COPY} (term_id, doc_id, weight) SELECT j.term_id, ?, j.weight
         FROM JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$[0]', weight INT PATH '$[1]')) j`
          : `INSERT INTO ${COPY} (bucket, term_id, doc_id, weight) SELECT ? DIV ${bucket}, j.term_id, ?, j.weight
         FROM JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$[0]', weight INT PATH '$[1]')) j`,
        bucket === undefined ? [id, postingsOf(rows)] : [id, id, postingsOf(rows)],
      ),
  };
  const totals = Object.fromEntries(Object.keys(ways).map((way) => [way, { ms: 0, reads: 0 }]));
  const chunk = 50;
  for (let start = 0; start < sources.length; start += chunk) {
    for (const [way, append] of Object.entries(ways)) {
      const { ms, reads } = await measured(connection, async () => {
        for (let i = start; i < Math.min(start + chunk, sources.length); i++) {
          await append(firstId + i, sources[i]);
        }
      });
      totals[way].ms += ms;
      totals[way].reads += reads;
    }
  }
  const postings = sources.reduce((sum, rows) => sum + rows.length, 0) / sources.length;
  for (const [way, { ms, reads }] of Object.entries(totals)) {
    console.log(
      `  appended ${way.padEnd(11)}: ${(ms / appends).toFixed(2)} ms and ${(reads / appends).toFixed(1)} pages read from disk a document (${postings.toFixed(0)} postings each)`,
    );
  }
  await connection.query('DELETE FROM search_rare_postings WHERE doc_id >= ?', [firstId]);
  await connection.query('DELETE FROM search_postings WHERE doc_id >= ?', [firstId]);
}

/** Creates, updates, the member of 10,000's common word and a get-one through the build. */
async function throughTheService(label, stamp, firstDoc) {
  const env = serviceEnv({ DATABASE_URL: `${serverUrl}/${database}` });
  const cli = cliOf(dist, env);
  const token = (index) =>
    cli('tokens', 'create', '--email', `search${index}-${stamp}@example.com`)
      .trim()
      .split('\n')
      .at(-1);
  const owners = Array.from({ length: 8 }, (_, index) => token(index));
  const member = token(SEARCHERS['member of 10,000']);
  const server = await startServer(dist, env);
  const uuidOf = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const send = async (bearer, method, path, body) => {
    const response = await fetch(`${server.base}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
  };
  let created = firstDoc;
  let edits = 0;
  // Searcher i owns the corpus documents i + 1000 k (bench/search-bench.js).
  const cases = {
    create: (client) => {
      const { title, html } = documentNumber(created++);
      return send(owners[client], 'POST', '/docs', { title, html });
    },
    update: (client) => {
      const n = client + 1000 * (1 + (edits++ % 90));
      const { title, html } = documentNumber(n);
      const edit = `<p>Edited ${label} ${edits}</p>`;
      return send(owners[client], 'PUT', `/docs/${uuidOf(n)}`, { title, html: html + edit });
    },
    'member of 10,000: time': () => send(member, 'GET', '/search?q=time'),
    'get one': (client) => send(owners[client], 'GET', `/docs/${uuidOf(client + 1000)}`),
  };
  try {
    for (const [name, request] of Object.entries(cases)) {
      const latencies = [];
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        owners.map(async (_, client) => {
          while (performance.now() < end) {
            const started = performance.now();
            await request(client);
            latencies.push(performance.now() - started);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (share) => latencies[Math.floor(latencies.length * share)].toFixed(1);
      console.log(
        `  ${label.padEnd(12)} ${name.padEnd(23)} p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${latencies.length} requests)`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!database) throw new Error('--database: a database kept by the search benchmark');
  const connection = await mysql.createConnection(`${serverUrl}/${database}`);
  try {
    const [[pool]] = await connection.query('SELECT @@innodb_buffer_pool_size AS bytes');
    console.log(`${database}: buffer pool ${(Number(pool.bytes) / 1048576).toFixed(0)} MB`);
    const [[{ id: term }]] = await connection.query(
      "SELECT id FROM search_terms WHERE term = 'xxtime'",
    );
    const [[{ email }]] = await connection.query(
      "SELECT email FROM users WHERE email LIKE 'search1000-%'",
    );
    const stamp = email.slice('search1000-'.length, email.indexOf('@'));
    if (process.argv.includes('--service')) {
      const [[first]] = await connection.query(
        "SELECT column_name AS name FROM information_schema.statistics WHERE table_schema = ? AND table_name = 'search_postings' AND index_name = 'PRIMARY' AND seq_in_index = 1",
        [database],
      );
      if (first.name === 'term_id') {
        // Rebuilt by an earlier run: the build keyed by term alone (as with another pool size).
        await throughTheService(
          'by term',
          stamp,
          1_200_000 + Math.floor(Math.random() * 1000) * 1000,
        );
        return;
      }
      await throughTheService('by document', stamp, 1_000_000);
      const { ms } = await measured(connection, () =>
        connection.query(
          'ALTER TABLE search_postings DROP PRIMARY KEY, ADD PRIMARY KEY (term_id, doc_id), ADD KEY IDX_trial_postings_doc (doc_id, weight)',
        ),
      );
      console.log(`  search_postings rebuilt keyed by term in ${(ms / 1000).toFixed(0)} s`);
      await throughTheService('by term', stamp, 1_100_000);
      return;
    }
    const users = {};
    for (const index of Object.values(SEARCHERS)) {
      const [[row]] = await connection.query('SELECT id FROM users WHERE email = ?', [
        `search${index}-${stamp}@example.com`,
      ]);
      users[index] = row.id;
    }
    await connection.query(`DROP TABLE IF EXISTS ${COPY}`);
    await connection.query(
      bucket === undefined
        ? `CREATE TABLE ${COPY} (term_id INT NOT NULL, doc_id INT NOT NULL, weight INT NOT NULL, PRIMARY KEY (term_id, doc_id)) ENGINE=InnoDB`
        : `CREATE TABLE ${COPY} (bucket INT NOT NULL, term_id INT NOT NULL, doc_id INT NOT NULL, weight INT NOT NULL, PRIMARY KEY (bucket, term_id, doc_id)) ENGINE=InnoDB`,
    );
    const built = await measured(connection, () =>
      connection.query(
        bucket === undefined
          ? `INSERT INTO ${COPY} SELECT term_id, doc_id, weight FROM search_postings ORDER BY term_id, doc_id`
          : `INSERT INTO ${COPY} SELECT ${bucketOf('doc_id')}, term_id, doc_id, weight FROM search_postings ORDER BY 1, term_id, doc_id`,
      ),
    );
    await connection.query(`ANALYZE TABLE search_postings, ${COPY}`);
    const [sizes] = await connection.query(
      `SELECT table_name AS name, data_length + index_length AS bytes FROM information_schema.tables
       WHERE table_schema = ? AND table_name IN ('search_postings', 'search_rare_postings', ?)`,
      [database, COPY],
    );
    console.log(
      `  copy keyed by term built in ${(built.ms / 1000).toFixed(0)} s; ${sizes.map((t) => `${t.name} ${(Number(t.bytes) / 1048576).toFixed(0)} MB`).join(', ')}`,
    );
    console.log("  the search page statement for 'time', 3 runs each:");
    await statements(connection, users, term);
    await appendsTo(connection);
  } finally {
    await connection.query(`DROP TABLE IF EXISTS ${COPY}`).catch(() => undefined);
    await connection.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
