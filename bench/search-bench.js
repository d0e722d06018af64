'use strict';
// `npm run bench -- --search [--docs 100000] [--db mysql|sqlite|both] [--duration 10]`: the
// search benchmark. Loads the same generated documents (bench/search-corpus.js) into the
// service's database (MariaDB or SQLite, through its own migrations and term functions) and into
// the local PostgreSQL 15, indexed as Outline and Docmost index theirs (a weighted `tsvector`
// column with a GIN index, `websearch_to_tsquery` and `ts_rank`). Then, for each query, 8
// clients search at once for --duration seconds: the service over HTTP (page 1, 20 per page,
// exact total), PostgreSQL with the same page, total and access join in SQL. It reports p50 and
// p99 latency for both, each one's recall against the documents that truly contain the words,
// and the size of each index.

const { createHash, randomBytes } = require('node:crypto');
const { join } = require('node:path');
const { documentNumber, ENGLISH } = require('./search-corpus');

const root = join(__dirname, '..');
const dist = join(root, 'dist', 'src');
const { indexTerms } = require(join(dist, 'common', 'text', 'search-terms.js'));
const { textOfHtml } = require(join(dist, 'common', 'text', 'html-text.js'));
const { buildPostings } = require(
  join(root, 'dist', 'migrations', 'frozen', 'search-postings-1795740000000.js'),
);
const { countTermDocuments } = require(
  join(root, 'dist', 'migrations', 'frozen', 'rare-term-postings-1795850000000.js'),
);
const { postingsIntoBuckets } = require(
  join(root, 'dist', 'migrations', 'frozen', 'postings-by-bucket-1795870000000.js'),
);
/** The migration after PostingsByBucket, per database (it drops the index by document). */
const withoutDocIndex = (kind) =>
  require(join(root, 'dist', 'migrations', kind, '1795880000000-PostingsWithoutDocIndex.js'))
    .PostingsWithoutDocIndex1795880000000;

/** `search_postings` as the SearchPostings migration made it (keyed by document), which builds it. */
const POSTINGS_BY_DOCUMENT = {
  mysql:
    'CREATE TABLE `search_postings` (`doc_id` int NOT NULL, `term_id` int NOT NULL, `weight` int NOT NULL, PRIMARY KEY (`doc_id`, `term_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
  sqlite:
    'CREATE TABLE "search_postings" ("doc_id" integer NOT NULL, "term_id" integer NOT NULL, "weight" integer NOT NULL, PRIMARY KEY ("doc_id", "term_id")) WITHOUT ROWID',
};

const USERS = 1000;
/** Users who search (each owns about a thousandth of the documents) and one member of a tenth. */
const SEARCHERS = 8;
/** The user who owns a twentieth of the documents (5,000 of 100,000); `USERS` is the member. */
const BIG_OWNER = USERS + 1;
/**
 * Members through grants, as teams have them: one reaches about 10,000 documents through a group
 * (the homes of 100 owners shared with it) and a folder share of their own (the homes of 6 more);
 * the other every document, through 50 groups (each owner's home shared with one of them).
 */
const TEAM_MEMBER = USERS + 2;
const ALL_MEMBER = USERS + 3;
const TEAM_GROUP_OWNERS = [100, 200];
const TEAM_DIRECT_OWNERS = [200, 206];
const ALL_GROUPS = 50;
const inRange = (index, [from, to]) => index >= from && index < to;
/** Whether the team member reaches the documents of the owner with this index. */
const teamReaches = (index) =>
  inRange(index, TEAM_GROUP_OWNERS) || inRange(index, TEAM_DIRECT_OWNERS);
const CLIENTS = 8;
const BATCH = 100;
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const fold = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();
/** Whether folded text has this word (not inside a longer word) or, `prefix`, a word starting so. */
const hasWord = (word, prefix = false) => {
  const pattern = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${word}${prefix ? '' : '(?:[^\\p{L}\\p{N}]|$)'}`,
    'u',
  );
  return (text) => pattern.test(text);
};

/**
 * The queries, each with what a document truly contains to be an answer (on its folded title and
 * text): a word (whole), a phrase, a prefix; a CJK word anywhere in the text (as written); a
 * Korean word at a word's start (its particles follow).
 */
const RARE = ENGLISH[25_000];
const CASES = [
  { name: 'rare word', q: RARE, truth: hasWord(RARE) },
  { name: 'common word', q: 'time', truth: hasWord('time') },
  {
    name: 'two words',
    q: 'budget review',
    truth: (text) => hasWord('budget')(text) && hasWord('review')(text),
  },
  { name: 'phrase', q: '"annual report"', truth: hasWord('annual report') },
  { name: 'prefix', q: 'migr', truth: hasWord('migr', true) },
  { name: 'accents folded', q: 'cafe', truth: hasWord('cafe') },
  { name: 'CJK word (Chinese)', q: '数据库', truth: (text) => text.includes('数据库') },
  { name: 'CJK word (Japanese)', q: '東京', truth: (text) => text.includes('東京') },
  { name: 'CJK word (Korean)', q: '서울', truth: (text) => /(?:^|\s)서울/u.test(text) },
  {
    name: 'two common words',
    q: 'the time',
    truth: (text) => hasWord('the')(text) && hasWord('time', true)(text),
  },
  { name: 'owner of 5,000', q: 'time', truth: hasWord('time'), who: BIG_OWNER },
  { name: 'member of 10,000', q: 'time', truth: hasWord('time'), who: USERS },
  { name: 'member of 10,000: rare', q: RARE, truth: hasWord(RARE), who: USERS },
  { name: 'team member: rare', q: RARE, truth: hasWord(RARE), who: TEAM_MEMBER },
  { name: 'team member: common', q: 'time', truth: hasWord('time'), who: TEAM_MEMBER },
  {
    name: 'team member: Chinese',
    q: '数据库',
    truth: (text) => text.includes('数据库'),
    who: TEAM_MEMBER,
  },
  { name: 'all member: rare', q: RARE, truth: hasWord(RARE), who: ALL_MEMBER },
  { name: 'all member: common', q: 'time', truth: hasWord('time'), who: ALL_MEMBER },
  {
    name: 'all member: Chinese',
    q: '数据库',
    truth: (text) => text.includes('数据库'),
    who: ALL_MEMBER,
  },
];
/** What a search costs is compared with a read of one document, in the same run. */
const GET_ONE = { name: 'get one document', get: true };

const uuidOf = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const numberOf = (uuid) => Number(uuid.slice(-12));
/**
 * Document n's owner: one in twenty is the big owner's, users 1..USERS take turns with the
 * others (never a searcher's: they are 0..7). The member is a viewer of every tenth.
 */
const ownerIndex = (n) => (n % 20 === 19 ? BIG_OWNER : n % USERS);
const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

async function openPostgres(stamp) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `dms_bench_search_${stamp}`.toLowerCase().replace(/\W/g, '_');
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  // As Outline and Docmost: the title weighs A, the text B, English configuration.
  await client.query(`CREATE TABLE docs (
    id integer PRIMARY KEY, uuid text NOT NULL, owner_id integer NOT NULL, title text NOT NULL,
    body text NOT NULL, updated_at timestamptz NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
    ) STORED)`);
  await client.query('CREATE INDEX docs_tsv ON docs USING GIN (tsv)');
  await client.query(
    'CREATE TABLE user_docs (user_id integer NOT NULL, doc_id integer NOT NULL, PRIMARY KEY (user_id, doc_id))',
  );
  return {
    version: `PostgreSQL ${rows[0].server_version}`,
    url: url.toString(),
    client,
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

const PG_PAGE = `SELECT d.uuid, COUNT(*) OVER () AS total
FROM docs d JOIN user_docs m ON m.doc_id = d.id AND m.user_id = $1,
  websearch_to_tsquery('english', $2) query
WHERE d.tsv @@ query
ORDER BY ts_rank(d.tsv, query) DESC, d.updated_at DESC, d.id DESC LIMIT 20`;
const PG_ALL = `SELECT d.uuid FROM docs d JOIN user_docs m ON m.doc_id = d.id AND m.user_id = $1
WHERE d.tsv @@ websearch_to_tsquery('english', $2)`;

/** Users, their tokens (the searchers' and the big user's), and PostgreSQL's copies of them. */
async function seedSearchUsers(db, pg) {
  const now = sqlTime(Date.now());
  const tag = Date.now();
  for (let start = 0; start <= ALL_MEMBER; start += 500) {
    const rows = [];
    const params = [];
    for (let i = start; i < Math.min(start + 500, ALL_MEMBER + 1); i++) {
      rows.push('(?, ?, ?, NULL, ?)');
      params.push(`search${i}-${tag}@example.com`, 'Search', `User ${i}`, now);
    }
    await db.run(
      `INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  const ids = (
    await db.all('SELECT id FROM users WHERE email LIKE ? ORDER BY id', [`search%-${tag}@%`])
  ).map((row) => Number(row.id));
  // ids[0..USERS-1] own documents; ids[USERS] is the member, ids[BIG_OWNER] the big owner,
  // then the team member and the member of all. Every one has a token (the owners share).
  const tokens = [];
  for (let index = 0; index <= ALL_MEMBER; index++) {
    const token = `dms_${randomBytes(32).toString('base64url')}`;
    await db.run(
      'INSERT INTO api_tokens (user_id, name, token_hash, token_prefix, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        ids[index],
        'search bench',
        createHash('sha256').update(token).digest('hex'),
        token.slice(0, 8),
        'docs:read docs:write',
        now,
      ],
    );
    tokens[index] = token;
  }
  const emails = ids.map((_, i) => `search${i}-${tag}@example.com`);
  return { ids, emails, tokens, searcherIds: ids.slice(0, SEARCHERS), bigUserId: ids[USERS], pg };
}

/** Whose documents a case searches: the searchers' (each client as one), or one user's. */
function searchersOf(testCase) {
  return testCase.who === undefined
    ? Array.from({ length: SEARCHERS }, (_, i) => i)
    : [testCase.who];
}

/**
 * Loads documents 1..count into the service's database (with the terms the service would
 * write) and into PostgreSQL, batch by batch, and works out each query's true answers for the
 * searching users on the way.
 */
async function loadDocuments(db, pg, users, count, truthOnly) {
  const truth = CASES.map(() => new Map());
  const started = Date.now();
  const clock = Date.now() - count * 1000;
  for (let first = 1; first <= count; first += BATCH) {
    const rows = [];
    const params = [];
    const pgRows = [];
    const pgParams = [];
    for (let n = first; n < Math.min(first + BATCH, count + 1); n++) {
      const doc = documentNumber(n);
      const text = textOfHtml(doc.html);
      const owner = users.ids[ownerIndex(n)];
      const at = sqlTime(clock + n * 1000);
      {
        const folded = fold(`${doc.title} ${text}`);
        const raw = `${doc.title} ${text}`;
        CASES.forEach((testCase, i) => {
          const matches = /\p{Script=Han}|\p{Script=Hangul}|\p{Script=Hiragana}/u.test(testCase.q)
            ? testCase.truth(raw)
            : testCase.truth(folded);
          if (!matches) return;
          const userId = testCase.who === undefined ? owner : users.ids[testCase.who];
          const searched =
            testCase.who === USERS
              ? n % 10 === 0
              : testCase.who === BIG_OWNER
                ? ownerIndex(n) === BIG_OWNER
                : testCase.who === TEAM_MEMBER
                  ? teamReaches(ownerIndex(n))
                  : testCase.who === ALL_MEMBER
                    ? true
                    : ownerIndex(n) < SEARCHERS;
          if (searched) {
            if (!truth[i].has(userId)) truth[i].set(userId, new Set());
            truth[i].get(userId).add(n);
          }
        });
      }
      if (truthOnly) continue;
      rows.push('(?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)');
      params.push(uuidOf(n), owner, doc.title, doc.html, indexTerms(doc.title));
      params.push(indexTerms(text), at, at, owner);
      const at0 = pgParams.length;
      pgRows.push(`($${at0 + 1}, $${at0 + 2}, $${at0 + 3}, $${at0 + 4}, $${at0 + 5}, $${at0 + 6})`);
      pgParams.push(n, uuidOf(n), owner, doc.title, text, `${at}Z`);
    }
    if (truthOnly) continue;
    await db.run(
      `INSERT INTO docs (uuid, owner_id, folder_id, title, html, search_title, search_body, created_at, updated_at, updated_by) VALUES ${rows.join(', ')}`,
      params,
    );
    if (pg) await pg.client.query(`INSERT INTO docs VALUES ${pgRows.join(', ')}`, pgParams);
    if (first % 10_000 === 1 && first > 1) {
      process.stdout.write(
        `  ${first - 1} documents loaded (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
      );
    }
  }
  if (!truthOnly) {
    // The big user: a viewer of every tenth document.
    await db.run(
      `INSERT INTO user_docs (user_id, doc_id, role, created_at, doc_updated_at)
       SELECT ?, id, 'viewer', updated_at, updated_at FROM docs WHERE ${db.kind === 'mysql' ? 'MOD(CAST(SUBSTRING(uuid, 25) AS UNSIGNED), 10) = 0' : 'CAST(substr(uuid, 25) AS INTEGER) % 10 = 0'}`,
      [users.bigUserId],
    );
    if (pg) {
      await pg.client.query('INSERT INTO user_docs SELECT owner_id, id FROM docs');
      await pg.client.query(
        `INSERT INTO user_docs SELECT ${users.bigUserId}, id FROM docs WHERE id % 10 = 0`,
      );
      // The members through grants: PostgreSQL is given the same documents as member rows.
      const teamOwners = users.ids.filter((_, index) => index < USERS && teamReaches(index));
      await pg.client.query(
        `INSERT INTO user_docs SELECT ${users.ids[TEAM_MEMBER]}, id FROM docs WHERE owner_id = ANY($1)`,
        [teamOwners],
      );
      await pg.client.query(`INSERT INTO user_docs SELECT ${users.ids[ALL_MEMBER]}, id FROM docs`);
      await pg.client.query('VACUUM ANALYZE docs');
      await pg.client.query('VACUUM ANALYZE user_docs');
    }
    await db.analyze();
  }
  return { truth, seconds: (Date.now() - started) / 1000 };
}

/**
 * The teams' access, made through the API as users make it: the member of all creates 50 groups
 * and every owner shares their home with one of them (the big owner with the first); the team
 * member creates a group, 100 owners share their home with it and 6 more with the team member
 * directly. 8 requests at a time. Returns the seconds it took.
 */
async function shareWithTeams(baseUrl, users) {
  const started = Date.now();
  const call = async (index, path, body) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${users.tokens[index]}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.status !== 201)
      throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const allGroups = [];
  for (let g = 0; g < ALL_GROUPS; g++) {
    allGroups.push((await call(ALL_MEMBER, '/groups', { name: `All ${g}` })).id);
  }
  const teamGroup = (await call(TEAM_MEMBER, '/groups', { name: 'Team' })).id;
  const shares = [[BIG_OWNER, { path: '~', group_id: allGroups[0], role: 'viewer' }]];
  for (let index = 0; index < USERS; index++) {
    shares.push([index, { path: '~', group_id: allGroups[index % ALL_GROUPS], role: 'viewer' }]);
    if (inRange(index, TEAM_GROUP_OWNERS)) {
      shares.push([index, { path: '~', group_id: teamGroup, role: 'viewer' }]);
    }
    if (inRange(index, TEAM_DIRECT_OWNERS)) {
      shares.push([index, { path: '~', email: users.emails[TEAM_MEMBER], role: 'viewer' }]);
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < shares.length) {
        const [index, body] = shares[next++];
        await call(index, '/folders/shares', body);
      }
    }),
  );
  return (Date.now() - started) / 1000;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** 8 clients, each repeating `request(client)` until the time is up; latencies in ms. */
async function underLoad(durationMs, request) {
  const latencies = [];
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        await request(client);
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * The service's latencies under load and, with a baseline build (`--baseline`), the baseline's:
 * in turns, `--rounds` of each (default 1; the baseline first in odd rounds), each round's
 * requests pooled.
 */
async function inTurns(options, ours, before) {
  if (!before) return { ours: await underLoad(options.duration * 1000, ours) };
  const rounds = { ours: [], before: [] };
  for (let round = 0; round < (options.rounds ?? 1); round++) {
    const order = round % 2 === 0 ? ['before', 'ours'] : ['ours', 'before'];
    for (const which of order) {
      rounds[which].push(
        await underLoad(options.duration * 1000, which === 'ours' ? ours : before),
      );
    }
  }
  return { ours: pooled(rounds.ours), before: pooled(rounds.before) };
}

/** Several rounds' latencies as one. */
function pooled(rounds) {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  return {
    latencies,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** ` | baseline p50 X ms (service / baseline R)`, or nothing without a baseline. */
const versus = (ours, before) =>
  before
    ? ` | baseline p50 ${before.p50.toFixed(1)} ms (service / baseline ${(ours.p50 / before.p50).toFixed(2)})`
    : '';

/**
 * What a write costs on this store, beside the get-one of the same run: the searchers create
 * documents of the corpus not yet loaded (their words as common or rare as a user's would be),
 * then update their own documents, each time a few words different (as an editor saves).
 */
async function writesAtSize(options, users, service, baseline) {
  let created = 0;
  let edits = 0;
  const thousands = Math.max(1, Math.floor(options.docs / 1000) - 1);
  const send = async (target, client, method, path, body) => {
    const response = await fetch(`${target.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${users.tokens[client % SEARCHERS]}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
  };
  const createOn = (target) => (client) => {
    const { title, html } = documentNumber(options.docs + 1 + created++);
    return send(target, client, 'POST', '/docs', { title, html });
  };
  const updateOn = (target) => (client) => {
    const n = (client % SEARCHERS) + 1000 * (1 + (edits++ % thousands));
    const { title, html } = documentNumber(n);
    const edit = `<p>Edited ${edits}: ${ENGLISH[edits % ENGLISH.length]}</p>`;
    return send(target, client, 'PUT', `/docs/${uuidOf(n)}`, { title, html: html + edit });
  };
  const rows = [];
  for (const [name, on] of [
    ['create (a new corpus document)', createOn],
    ['update (a few words changed)', updateOn],
  ]) {
    const { ours, before } = await inTurns(options, on(service), baseline && on(baseline));
    rows.push({
      case: name,
      p50: ours.p50,
      p99: ours.p99,
      requests: ours.requests,
      baselineP50: before?.p50,
    });
    console.log(
      `  ${name.padEnd(37)} service p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms (${ours.requests} req)${versus(ours, before)}`,
    );
  }
  return rows;
}

/** Every document the service finds for the user and query (all pages). */
async function serviceFinds(baseUrl, token, q) {
  const found = new Set();
  let total = 0;
  for (let page = 1; ; page++) {
    const url = `${baseUrl}/api/v1/search?${new URLSearchParams({ q, page, per_page: 100 })}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200)
      throw new Error(`search ${q}: ${response.status} ${await response.text()}`);
    const body = await response.json();
    total = body.pagination.total_count;
    for (const result of body.results) found.add(numberOf(result.uuid));
    if (body.pagination.next_page === null) break;
  }
  if (found.size !== total)
    throw new Error(`search ${q}: total_count ${total}, ${found.size} listed`);
  return found;
}

function recallOf(found, truth) {
  let hits = 0;
  for (const n of truth) if (found.has(n)) hits++;
  return {
    truth: truth.size,
    found: found.size,
    recall: truth.size === 0 ? 1 : hits / truth.size,
    extra: found.size - hits,
  };
}

async function indexSizes(db, pg) {
  const sizes = {};
  if (db.kind === 'mysql') {
    const [terms] = await db.all(
      'SELECT SUM(LENGTH(search_title) + LENGTH(search_body)) AS bytes, SUM(LENGTH(html)) AS html FROM docs',
    );
    // The files of the posting tables (InnoDB's file names spell '-' so).
    const [postings] = await db.all(
      `SELECT SUM(ALLOCATED_SIZE) AS bytes FROM information_schema.INNODB_SYS_TABLESPACES
       WHERE NAME IN (CONCAT(REPLACE(DATABASE(), '-', '@002d'), '/search_postings'),
                      CONCAT(REPLACE(DATABASE(), '-', '@002d'), '/search_terms'),
                      CONCAT(REPLACE(DATABASE(), '-', '@002d'), '/search_rare_postings'))`,
    );
    sizes.terms = Number(terms.bytes);
    sizes.html = Number(terms.html);
    sizes.index = Number(postings.bytes);
  } else {
    const [terms] = await db.all(
      'SELECT SUM(LENGTH(CAST(search_title AS BLOB)) + LENGTH(CAST(search_body AS BLOB))) AS bytes, SUM(LENGTH(CAST(html AS BLOB))) AS html FROM docs',
    );
    const [postings] = await db.all(
      "SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name IN ('search_postings', 'search_terms', 'UQ_search_terms_term', 'search_rare_postings')",
    );
    sizes.terms = Number(terms.bytes);
    sizes.html = Number(terms.html);
    sizes.index = Number(postings.bytes);
  }
  if (pg) {
    const { rows } = await pg.client.query(
      "SELECT pg_relation_size('docs_tsv') AS gin, (SELECT SUM(pg_column_size(tsv)) FROM docs) AS tsv",
    );
    sizes.pgGin = Number(rows[0].gin);
    sizes.pgTsvector = Number(rows[0].tsv);
  }
  return sizes;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The search benchmark on one database. `tools` are bench/run.js's: open the database, start the
 * service on it.
 */
async function benchSearch(kind, options, tools) {
  const db = await tools.openDatabase(kind);
  const service = await tools.startService(db.env);
  const baseline = await tools.startBaseline?.(db.env);
  await db.connect();
  const pg = options.noPostgres ? undefined : await openPostgres(`${options.stamp}_${kind}`);
  try {
    console.log(
      `\n== Search, ${db.version}${pg ? ` and ${pg.version}` : ''}: ${options.docs} documents`,
    );
    const users = await seedSearchUsers(db, pg);
    const { truth, seconds } = await loadDocuments(db, pg, users, options.docs, false);
    // Loading into SQLite alone never yields to the event loop: let fetch() see the sockets the
    // service closed meanwhile (idle keep-alive), or it reuses one and fails ("fetch failed").
    await new Promise((resolve) => setImmediate(resolve));
    console.log(
      `  loaded in ${seconds.toFixed(0)} s (both databases, terms computed as the service does)`,
    );
    // The posting index, built as the migration that adds it builds it for stored documents
    // (keyed by document, as it was then), then moved by bucket as PostingsByBucket moves it,
    // and its index by document dropped as the migration after it does.
    const indexStarted = Date.now();
    const query = (sql, parameters) =>
      /^\s*SELECT/i.test(sql) ? db.all(sql, parameters) : db.run(sql, parameters);
    await query('DROP TABLE search_postings', []);
    await query(POSTINGS_BY_DOCUMENT[db.kind], []);
    await buildPostings(query, db.kind, (message) => console.log(`  ${message}`));
    // Counted as the migration counts a store it finds; on MariaDB, with the statistics of the
    // store as it is (a new table's say it is empty, and the count's join then reads the whole
    // posting index once per term).
    await db.analyze();
    await countTermDocuments(query, db.kind);
    const moveStarted = Date.now();
    await postingsIntoBuckets(query, db.kind);
    await new (withoutDocIndex(db.kind))().up({ query });
    console.log(
      `  postings moved by bucket in ${((Date.now() - moveStarted) / 1000).toFixed(0)} s`,
    );
    // Nor does building the index on SQLite (77 s at 100,000, past the keep-alive timeout).
    await new Promise((resolve) => setImmediate(resolve));
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    console.log(`  search index built in ${indexSeconds.toFixed(0)} s (the migration's batches)`);
    const sharedIn = await shareWithTeams(service.baseUrl, users);
    console.log(`  homes shared with the teams through the API in ${sharedIn.toFixed(0)} s`);
    await db.analyze();
    const counted = [];
    for (const q of new Set(CASES.map((testCase) => testCase.q))) {
      const terms = indexTerms(q.replace(/"/g, '')).split(' ').filter(Boolean);
      const rows = await db.all(
        `SELECT term, doc_count FROM search_terms WHERE term IN (${terms.map(() => '?').join(', ')})`,
        terms,
      );
      counted.push(`${q} ${rows.map((row) => row.doc_count).join('/')}`);
    }
    console.log(`  documents per word (counted up to 256): ${counted.join('; ')}`);
    const sizes = await indexSizes(db, pg);
    console.log(
      `  sizes: html ${mb(sizes.html)}; the service's terms ${mb(sizes.terms)} and its posting index ${mb(sizes.index)}` +
        (pg
          ? `; PostgreSQL's tsvector column ${mb(sizes.pgTsvector)} and GIN index ${mb(sizes.pgGin)}`
          : ''),
    );

    const pool = [];
    if (pg) {
      const { Client } = require('pg');
      for (let i = 0; i < CLIENTS; i++) {
        const client = new Client({ connectionString: pg.url });
        await client.connect();
        pool.push(client);
      }
    }
    const rows = [];
    // A read of one of the searcher's own documents, for the searches to be compared with.
    let reads = 0;
    const thousands = Math.max(1, Math.floor(options.docs / 1000) - 1);
    const getOn = (target) => async (client) => {
      const n = (client % SEARCHERS) + 1000 * (1 + (reads++ % thousands));
      const response = await fetch(`${target.baseUrl}/api/v1/docs/${uuidOf(n)}`, {
        headers: { Authorization: `Bearer ${users.tokens[client % SEARCHERS]}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /docs/${uuidOf(n)}: ${response.status}`);
    };
    const { ours: got, before: gotBefore } = await inTurns(
      options,
      getOn(service),
      baseline && getOn(baseline),
    );
    rows.push({
      case: GET_ONE.name,
      p50: got.p50,
      p99: got.p99,
      requests: got.requests,
      baselineP50: gotBefore?.p50,
    });
    console.log(
      `  ${GET_ONE.name.padEnd(37)} service p50 ${got.p50.toFixed(1)} ms, p99 ${got.p99.toFixed(1)} ms (${got.requests} req)${versus(got, gotBefore)}`,
    );
    for (const [index, testCase] of CASES.entries()) {
      const wanted =
        options.only === undefined ||
        options.only.split(',').some((text) => testCase.name.includes(text.trim()));
      if (!wanted) continue;
      const userIndexOf = (client) => testCase.who ?? client % SEARCHERS;
      const tokenOf = (client) => users.tokens[userIndexOf(client)];
      const userIdOf = (client) => users.ids[userIndexOf(client)];
      const failures = new Map();
      const searchOn = (target) => async (client) => {
        const url = `${target.baseUrl}/api/v1/search?${new URLSearchParams({ q: testCase.q })}`;
        const response = await fetch(url, {
          headers: { Authorization: `Bearer ${tokenOf(client)}` },
        });
        await response.arrayBuffer();
        if (response.status !== 200) {
          failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
        }
      };
      const { ours, before } = await inTurns(
        options,
        searchOn(service),
        baseline && searchOn(baseline),
      );
      const theirs = pg
        ? await underLoad(options.duration * 1000, (client) =>
            pool[client].query(PG_PAGE, [userIdOf(client), testCase.q]),
          )
        : undefined;
      // Recall over every searching user of the case.
      const searchers = searchersOf(testCase);
      const totals = { truth: 0, found: 0, hits: 0, extra: 0, pgFound: 0, pgHits: 0, pgExtra: 0 };
      for (const userIndex of searchers) {
        const expected = truth[index].get(users.ids[userIndex]) ?? new Set();
        const found = await serviceFinds(
          service.baseUrl,
          users.tokens[userIndex],
          testCase.q,
        ).catch((error) => {
          failures.set(error.message, 1);
          return new Set();
        });
        const mine = recallOf(found, expected);
        totals.truth += mine.truth;
        totals.found += mine.found;
        totals.hits += mine.found - mine.extra;
        totals.extra += mine.extra;
        if (pg) {
          const { rows: pgRows } = await pg.client.query(PG_ALL, [
            users.ids[userIndex],
            testCase.q,
          ]);
          const pgFound = new Set(pgRows.map((row) => numberOf(row.uuid)));
          const theirsRecall = recallOf(pgFound, expected);
          totals.pgFound += theirsRecall.found;
          totals.pgHits += theirsRecall.found - theirsRecall.extra;
          totals.pgExtra += theirsRecall.extra;
        }
      }
      const row = {
        case: testCase.name,
        q: testCase.q,
        p50: ours.p50,
        p99: ours.p99,
        requests: ours.requests,
        failures: Object.fromEntries(failures),
        baselineP50: before?.p50,
        pgP50: theirs?.p50,
        pgP99: theirs?.p99,
        truth: totals.truth,
        recall: totals.truth === 0 ? 1 : totals.hits / totals.truth,
        extra: totals.extra,
        pgRecall: pg ? (totals.truth === 0 ? 1 : totals.pgHits / totals.truth) : undefined,
        pgExtra: pg ? totals.pgExtra : undefined,
      };
      rows.push(row);
      console.log(
        `  ${testCase.name.padEnd(20)} ${JSON.stringify(testCase.q).padEnd(16)} service p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.requests} req)${versus(ours, before)}` +
          (pg
            ? ` | PostgreSQL p50 ${row.pgP50.toFixed(1)} ms, p99 ${row.pgP99.toFixed(1)} ms`
            : '') +
          (failures.size ? ` FAILED: ${JSON.stringify(row.failures)}` : '') +
          ` | true answers ${row.truth}: recall ${(row.recall * 100).toFixed(1)} %${row.extra ? ` (+${row.extra} others)` : ''}` +
          (pg
            ? `, PostgreSQL ${(row.pgRecall * 100).toFixed(1)} %${row.pgExtra ? ` (+${row.pgExtra} others)` : ''}`
            : ''),
      );
    }
    rows.push(...(await writesAtSize(options, users, service, baseline)));
    for (const client of pool) await client.end();
    return { kind, version: db.version, pgVersion: pg?.version, docs: options.docs, sizes, rows };
  } finally {
    await service.stop();
    await baseline?.stop();
    await pg?.close();
    const note = await db.close(options.keep);
    if (note) console.log(`  ${note}`);
  }
}

module.exports = { benchSearch, CASES, GET_ONE };
