'use strict';
// Rare words searched cold, two builds on one store kept by the search benchmark
// (`node bench/run.js --search --docs 100000 --db mysql --no-postgres --keep`):
//
//   node bench/rare-words-cold.js --database <kept database> --a <dist> --b <dist> [--words 300] [--who 1000] [--seed 7]
//
// Picks 2 x --words terms of the store in 5 to 200 documents, asks 20 of them of both builds
// (their bodies must be the same), then each of the others once, of build A or B (words paired
// by their count of documents, one of each pair to each), as the user of the search benchmark
// numbered --who (1000: the member of 10,000), one request at a time. A word asked once reads its pages from disk as users' different words do, which a
// benchmark repeating one word does not show. Prints per build the p50 and p90 of the time and
// of InnoDB's reads from disk (`Innodb_buffer_pool_reads`) per search. Both builds must work on
// the store's schema (issue 50's ninth part added the table the older build read to the newer
// store by hand: docs/benchmarks.md).
//
// MySQL: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306).
const { join, resolve } = require('node:path');
const mysql = require('mysql2/promise');
const { cliOf, serviceEnv, startServer } = require('./lib/service-process');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const database = option('database');
const builds = { A: resolve(option('a', 'dist')), B: resolve(option('b', 'dist')) };
const words = Number(option('words', 300));
const who = option('who', '1000');
const seed = Number(option('seed', 7));
const serverUrl = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

const quantile = (values, q) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};

async function main() {
  if (!database) throw new Error('--database <kept database> is required');
  const db = await mysql.createConnection(`${serverUrl}/${database}`);
  const [[user]] = await db.query('SELECT email FROM users WHERE email LIKE ?', [`search${who}-%`]);
  const env = serviceEnv({ DATABASE_URL: `${serverUrl}/${database}` });
  const token = cliOf(builds.B, env)('tokens', 'create', '--email', user.email)
    .trim()
    .split('\n')
    .at(-1);
  const { indexTerms } = require(join(builds.B, 'src', 'common', 'text', 'search-terms.js'));
  // Words of Latin letters are stored as `xx` and the word.
  const [rows] = await db.query(
    "SELECT term, doc_count FROM search_terms WHERE doc_count BETWEEN 5 AND 200 AND term REGEXP '^xx[a-z]{6,}$' ORDER BY RAND(?) LIMIT ?",
    [seed, words * 2],
  );
  const picked = rows.filter((row) => indexTerms(row.term.slice(2)) === row.term);
  const servers = {
    A: await startServer(builds.A, { ...env, PORT: String(Number(env.PORT) + 1) }),
    B: await startServer(builds.B, env),
  };
  try {
    const diskReads = async () =>
      Number((await db.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'"))[0][0].Value);
    const ask = async (build, q) => {
      const readsBefore = await diskReads();
      const at = performance.now();
      const response = await fetch(`${servers[build].base}/api/v1/search?q=${q}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = await response.json();
      const ms = performance.now() - at;
      if (response.status !== 200) throw new Error(`${q}: ${response.status}`);
      return { ms, reads: (await diskReads()) - readsBefore, body };
    };
    for (const { term } of picked.slice(0, 20)) {
      const q = term.slice(2);
      const [a, b] = [await ask('A', q), await ask('B', q)];
      if (JSON.stringify(a.body) !== JSON.stringify(b.body)) {
        throw new Error(`the builds answer ${q} differently`);
      }
    }
    const results = { A: { ms: [], reads: [], found: 0 }, B: { ms: [], reads: [], found: 0 } };
    // Words of about as many documents in pairs, one of each pair to each build (which, by a
    // coin the seed throws), then asked in the order picked: the builds get alike words.
    const timed = picked.slice(20).sort((x, y) => Number(x.doc_count) - Number(y.doc_count));
    let coin = seed;
    const buildOf = new Map();
    for (let i = 0; i + 1 < timed.length; i += 2) {
      coin = (coin * 1103515245 + 12345) % 2 ** 31;
      const first = coin % 2 === 0 ? 'A' : 'B';
      buildOf.set(timed[i].term, first);
      buildOf.set(timed[i + 1].term, first === 'A' ? 'B' : 'A');
    }
    for (const { term } of picked.slice(20)) {
      const build = buildOf.get(term);
      if (!build) continue;
      const { ms, reads, body } = await ask(build, term.slice(2));
      results[build].ms.push(ms);
      results[build].reads.push(reads);
      results[build].found += body.pagination.total_count;
    }
    for (const [build, r] of Object.entries(results)) {
      console.log(
        `${build} (${builds[build]}): ${r.ms.length} words, ${r.found} results, ${(r.reads.reduce((sum, n) => sum + n, 0) / Math.max(1, r.found)).toFixed(2)} reads from disk a result; p50 ${quantile(r.ms, 0.5).toFixed(1)} ms, p90 ${quantile(r.ms, 0.9).toFixed(1)} ms; reads from disk p50 ${quantile(r.reads, 0.5)}, p90 ${quantile(r.reads, 0.9)}`,
      );
    }
  } finally {
    await servers.A.stop();
    await servers.B.stop();
    await db.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
