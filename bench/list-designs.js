// The list engine against simpler designs (issue 51), statement by statement, on a database the
// teams benchmark kept (`node bench/run.js --teams --docs 100000 --keep`):
//
//   node bench/list-designs.js --db mysql --database dms_bench_<time> [--repeats 15]
//   node bench/list-designs.js --db sqlite --file <kept docs.sqlite>
//
// For the member of 50 groups, a member of the department (one folder share of 10,000
// documents) and the reader (direct shares only), page 1, a page in the middle and the last
// page (20 a page, each document with its members), each way of reading them:
//
//   engine     the service's DocListRepository (dist/), one instance, as a warm process has it
//   new        the same, a new instance each time (the snapshot, as a new process reads it)
//   plain      no grant rows: folder shares found by path prefix at read time, every way joined,
//              grouped and sorted (the medium tier's reference), the total by COUNT
//   joined     the grant rows of every source of the user, whole, grouped and sorted, with the
//              total as a window count: one statement, one text, no process memory
//   arms       a range of each source in list order (keyset per source), merged: the sources
//              first, then the page (two statements, no process memory)
//   reach      a per-user table of the sources that reach the user (made here), the grants
//              read in the order of every grant and kept when the table has their source, the
//              total from the counts: one statement, one text, no process memory
//
// Prints the median of the repeats in ms (warm: three runs before), and fails if a design's
// page (ids, order, roles) or total differs from the engine's. The build must be current
// (`npx nest build`).
'use strict';

require('reflect-metadata');
const { DataSource } = require('typeorm');
const { DocListRepository } = require('../dist/src/docs/access/doc-list.repository');
const { Sql } = require('../dist/src/database/sql');
const { SqliteTurn } = require('../dist/src/database/sqlite-turn');
const { TransactionRunner } = require('../dist/src/database/transaction-runner');
const statements = require('../dist/src/docs/access/doc-list.statements');
const plans = require('../dist/src/docs/access/merged-list-plan');
const { pageWindow } = require('../dist/src/docs/access/page-window');

const LIMIT = 20;
const ROLES = ['owner', 'editor', 'viewer'];
const rank = (column) => `CASE ${column} WHEN 'owner' THEN 1 WHEN 'editor' THEN 2 ELSE 3 END`;

function parse(argv) {
  const options = { db: 'sqlite', repeats: 15 };
  for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, '')] = argv[i + 1];
  options.repeats = Number(options.repeats);
  return options;
}

/** Ids of one page (`doc_id`, `sort_at`, `caller_rank`) with each document's members. */
const withMembers = (
  ids,
  direction,
) => `SELECT ${statements.MEMBER_COLUMNS}, page.caller_rank AS caller_rank
FROM (${ids}) page
JOIN docs d ON d.id = page.doc_id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
ORDER BY page.sort_at ${direction}, page.doc_id ${direction}, ${statements.MEMBERS_ORDER}`;

/** The user's grantee condition on a table with grantee columns (user id twice). */
const MINE = (alias) =>
  `(${alias}.grantee_type = 'user' AND ${alias}.grantee_id = ? OR ${alias}.grantee_type = 'group' AND ${alias}.grantee_id IN (SELECT group_id FROM group_members WHERE user_id = ?))`;

function designs(kind) {
  const concat = (a, b) => (kind === 'mysql' ? `CONCAT(${a}, ${b})` : `${a} || ${b}`);
  const plainWays = `SELECT doc_id, ${rank('role')} AS way_rank FROM user_docs WHERE user_id = ?
  UNION ALL
  SELECT doc_id, ${rank('role')} FROM doc_grants g WHERE g.folder_share_id = 0 AND g.trashed = 0 AND ${MINE('g')}
  UNION ALL
  SELECT shared.id, ${rank('fs.role')} FROM folder_shares fs
    JOIN docs shared ON shared.owner_id = fs.owner_id
    LEFT JOIN folders sf ON sf.id = shared.folder_id
  WHERE ${MINE('fs')} AND (fs.path = '~' OR sf.path = fs.path OR sf.path LIKE ${concat('fs.path', `'/%'`)})`;
  const plainGrouped = `SELECT d.id AS doc_id, d.updated_at AS sort_at, MIN(way.way_rank) AS caller_rank
  FROM docs d JOIN (${plainWays}) way ON way.doc_id = d.id WHERE d.deleted_at IS NULL
  GROUP BY d.id, d.updated_at`;
  const plainParameters = (user) => [user, user, user, user, user];
  const joinedGrouped = `SELECT doc_id, MAX(sort_at) AS sort_at, MIN(caller_rank) AS caller_rank FROM (
    SELECT doc_id, doc_updated_at AS sort_at, ${rank('role')} AS caller_rank FROM user_docs WHERE user_id = ?
    UNION ALL
    SELECT doc_id, doc_updated_at, ${rank('role')} FROM doc_grants g WHERE g.trashed = 0 AND ${MINE('g')}
  ) ways GROUP BY doc_id`;
  const reachTotal = `(SELECT COALESCE(SUM(doc_count), 0) FROM user_doc_counts WHERE user_id = ?)
  + (SELECT COALESCE(SUM(c.doc_count), 0) FROM bench_user_reach r JOIN doc_grant_counts c
     ON c.grantee_type = r.grantee_type AND c.grantee_id = r.grantee_id AND c.folder_share_id = r.folder_share_id
     WHERE r.user_id = ?)`;
  const reachPage = (direction) => `SELECT (${reachTotal}) AS total_count, page.* FROM (
  SELECT doc_id, MAX(sort_at) AS sort_at, MIN(caller_rank) AS caller_rank FROM (
    SELECT * FROM (SELECT doc_id, doc_updated_at AS sort_at, ${rank('role')} AS caller_rank FROM user_docs
      WHERE user_id = ? ORDER BY doc_updated_at ${direction}, doc_id ${direction} LIMIT ?) mine
    UNION ALL
    SELECT * FROM (SELECT g.doc_id, g.doc_updated_at AS sort_at, ${rank('g.role')} AS caller_rank FROM doc_grants g
      WHERE g.trashed = 0 AND EXISTS (SELECT 1 FROM bench_user_reach r WHERE r.user_id = ?
        AND r.grantee_type = g.grantee_type AND r.grantee_id = g.grantee_id AND r.folder_share_id = g.folder_share_id)
      ORDER BY g.doc_updated_at ${direction}, g.doc_id ${direction} LIMIT ?) reached
  ) ways GROUP BY doc_id ORDER BY sort_at ${direction}, doc_id ${direction} LIMIT ? OFFSET ?) page`;

  return {
    async plain(db, user, offset) {
      const [{ n }] = await db.rows(
        `SELECT COUNT(*) AS n FROM (${plainGrouped}) grouped`,
        plainParameters(user),
      );
      const rows = await db.rows(
        withMembers(
          `${plainGrouped} ORDER BY d.updated_at DESC, d.id DESC LIMIT ? OFFSET ?`,
          'DESC',
        ),
        [...plainParameters(user), LIMIT, offset],
      );
      return { rows, totalCount: Number(n) };
    },
    async joined(db, user, offset) {
      const rows = await db.rows(
        withMembers(
          `SELECT grouped.*, COUNT(*) OVER () AS total_count FROM (${joinedGrouped}) grouped
  ORDER BY sort_at DESC, doc_id DESC LIMIT ? OFFSET ?`,
          'DESC',
        ).replace(
          'page.caller_rank AS caller_rank',
          'page.caller_rank AS caller_rank, page.total_count AS total_count',
        ),
        [user, user, user, LIMIT, offset],
      );
      return { rows, totalCount: Number(rows[0]?.total_count ?? 0) };
    },
    async arms(db, user, offset) {
      const reaching = plans.sourcesFromRows(
        await db.rows(statements.mergedListSql.sources, [user, user, user, user]),
      );
      const total =
        reaching.length === 0
          ? Number((await db.rows(statements.TOTAL, [user]))[0].n)
          : plans.countFromSources(user, reaching).total;
      const window = pageWindow(offset, LIMIT, total);
      const sources = plans.armSources(user, reaching);
      const shape = statements.armsShape(sources.length, true);
      const rows = await db.rows(statements.mergedListSql.page(shape, window.from, false, kind), [
        ...statements.armParameters(user, shape, sources, window.offset + window.limit),
        window.limit,
        window.offset,
      ]);
      return { rows, totalCount: total };
    },
    async reach(db, user, offset, knownTotal) {
      // The window needs the total: a later page is placed from the oldest end by the total
      // last seen (as the engine's plans remember it), and the statement returns the total now.
      const window = pageWindow(offset, LIMIT, knownTotal);
      const depth = window.offset + window.limit;
      const direction = window.from === 'newest-first' ? 'DESC' : 'ASC';
      const rows = await db.rows(
        withMembers(reachPage(direction), 'DESC').replace(
          'page.caller_rank AS caller_rank',
          'page.caller_rank AS caller_rank, page.total_count AS total_count',
        ),
        [user, user, user, depth, user, depth, window.limit, window.offset],
      );
      return { rows, totalCount: Number(rows[0]?.total_count ?? 0) };
    },
  };
}

async function open(options) {
  const dataSource = new DataSource(
    options.db === 'mysql'
      ? {
          type: 'mysql',
          url: `${process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306'}/${options.database}`,
          timezone: 'Z',
          supportBigNumbers: true,
          bigNumberStrings: false,
        }
      : { type: 'better-sqlite3', database: options.file },
  );
  await dataSource.initialize();
  const turn = new SqliteTurn();
  const sql = new Sql(dataSource, turn);
  const transactions = new TransactionRunner(dataSource, turn);
  return {
    dataSource,
    newEngine: () => new DocListRepository(dataSource, sql, transactions),
    rows: (text, parameters) => sql.rows(text, parameters),
  };
}

/** A page in the compared form: each document's id and the caller's role, in order. */
function compared({ rows, totalCount }, user) {
  const docs = [];
  for (const row of rows) {
    if (docs.length === 0 || docs[docs.length - 1].id !== Number(row.doc_id)) {
      const rank = row.caller_rank ?? undefined;
      docs.push({
        id: Number(row.doc_id),
        role: rank === undefined ? row.caller_role : ROLES[Number(rank) - 1],
      });
    }
    // Read by membership, the caller's role is their member row's.
    const last = docs[docs.length - 1];
    if (last.role === undefined && Number(row.user_id) === user) last.role = row.member_role;
  }
  return JSON.stringify({ totalCount, docs });
}

async function timed(work, repeats) {
  for (let i = 0; i < 3; i++) await work();
  const times = [];
  let answer;
  for (let i = 0; i < repeats; i++) {
    const started = process.hrtime.bigint();
    answer = await work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], answer };
}

async function main() {
  const options = parse(process.argv.slice(2));
  const db = await open(options);
  const kind = options.db === 'mysql' ? 'mysql' : 'sqlite';
  const one = async (sql, parameters = []) => (await db.rows(sql, parameters))[0];
  const users = [
    ['member of 50 groups', (await one("SELECT id FROM users WHERE email LIKE 'member-%'")).id],
    ['department member', (await one("SELECT id FROM users WHERE email LIKE 'staff0-%'")).id],
    ['reader', (await one("SELECT id FROM users WHERE email LIKE 'reader-%'")).id],
  ];
  // The per-user table of reachable sources, for the users measured.
  await db.dataSource.query('DROP TABLE IF EXISTS bench_user_reach');
  await db.dataSource.query(
    'CREATE TABLE bench_user_reach (user_id INT NOT NULL, grantee_type VARCHAR(8) NOT NULL, grantee_id INT NOT NULL, folder_share_id INT NOT NULL, PRIMARY KEY (user_id, grantee_type, grantee_id, folder_share_id))',
  );
  for (const [, user] of users) {
    const reaching = await db.rows(statements.mergedListSql.sources, [user, user, user, user]);
    for (const source of plans.armSources(user, plans.sourcesFromRows(reaching))) {
      await db.dataSource.query('INSERT INTO bench_user_reach VALUES (?, ?, ?, ?)', [
        user,
        source.grantee_type,
        source.grantee_id,
        source.folder_share_id,
      ]);
    }
  }
  const byDesign = designs(kind);
  const warm = db.newEngine();
  const names = ['engine', 'new', 'plain', 'joined', 'arms', 'reach'];
  console.log(`${kind}, ${LIMIT} a page, median of ${options.repeats} (ms)`);
  console.log(['user', 'page', ...names].join('\t'));
  let differences = 0;
  for (const [label, user] of users) {
    const { totalCount } = await warm.listPage(user, {}, 0, LIMIT);
    const lastOffset = Math.floor((totalCount - 1) / LIMIT) * LIMIT;
    const pages = [
      ['1', 0],
      ['middle', Math.floor(totalCount / 2 / LIMIT) * LIMIT],
      ['last', lastOffset],
    ];
    for (const [page, offset] of pages) {
      const runs = {
        engine: () => warm.listPage(user, {}, offset, LIMIT),
        new: () => db.newEngine().listPage(user, {}, offset, LIMIT),
        plain: () => byDesign.plain(db, user, offset),
        joined: () => byDesign.joined(db, user, offset),
        arms: () => byDesign.arms(db, user, offset),
        reach: () => byDesign.reach(db, user, offset, totalCount),
      };
      const cells = [];
      let expected;
      for (const name of names) {
        const { ms, answer } = await timed(runs[name], options.repeats);
        const text = compared(answer, user);
        if (expected === undefined) expected = text;
        else if (text !== expected) {
          differences++;
          console.error(`${label}, page ${page}: ${name} differs from the engine`);
        }
        cells.push(ms.toFixed(2));
      }
      console.log([label, `${page} (offset ${offset} of ${totalCount})`, ...cells].join('\t'));
    }
  }
  await db.dataSource.query('DROP TABLE bench_user_reach');
  await db.dataSource.destroy();
  if (differences > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
