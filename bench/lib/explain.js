// EXPLAIN of the list's statements, taken from the service's build.
'use strict';

const { join } = require('node:path');

const root = join(__dirname, '..', '..');

/**
 * The only module of the service's build (dist/) that bench/run.js and bench/lib load (the
 * reference server and bench/search-bench.js load their own).
 */
const DOC_LIST_STATEMENTS = join(root, 'dist', 'src', 'docs', 'access', 'doc-list.statements.js');

async function explainList(db, seed) {
  const { docListSql } = require(DOC_LIST_STATEMENTS);
  const lastOffset = Math.max(0, Math.ceil(seed.seeded / 20) * 20 - 20);
  const plans = {
    count: await db.explain(docListSql.total, [seed.user]),
    'page 1': await db.explain(docListSql.page('newest-first'), [seed.user, seed.user, 20, 0]),
    'last page': await db.explain(docListSql.page('oldest-first'), [
      seed.user,
      seed.user,
      seed.seeded - lastOffset,
      0,
    ]),
    'shared last page': await db.explain(docListSql.page('oldest-first'), [
      seed.reader.id,
      seed.reader.id,
      seed.seeded - lastOffset,
      0,
    ]),
  };
  for (const [name, rows] of Object.entries(plans)) {
    console.log(`\nEXPLAIN (${db.kind}) ${name}:`);
    console.table(rows);
  }
  return plans;
}

module.exports = { explainList };
