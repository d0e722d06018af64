import Database from 'better-sqlite3';
import { buildPostings } from './search-postings-1795740000000';

/**
 * What the SearchPostings migrations write for stored documents, pinned: each distinct term once
 * in `search_terms`, a posting per term and document weighing 4 per occurrence in the title and
 * 1 per occurrence in the text, in batches with progress. The expected rows were worked out by
 * hand, not with live code.
 */
describe('frozen posting build of the SearchPostings migration (1795740000000)', () => {
  it('indexes every document, in batches, and logs its progress', async () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE docs (id INTEGER PRIMARY KEY, search_title TEXT, search_body TEXT);
      CREATE TABLE search_terms (id INTEGER PRIMARY KEY AUTOINCREMENT, term TEXT NOT NULL UNIQUE);
      CREATE TABLE search_postings (term_id INTEGER, doc_id INTEGER, weight INTEGER,
        PRIMARY KEY (doc_id, term_id)) WITHOUT ROWID`);
    const insert = db.prepare('INSERT INTO docs VALUES (?, ?, ?)');
    insert.run(1, 'xxannual xxreport', 'xxreport xxreport xxbudget');
    insert.run(2, null, 'xxbudget');
    insert.run(3, '', null);
    for (let id = 4; id <= 1203; id++) insert.run(id, 'xxfiller', '');
    const progress: string[] = [];
    const indexed = await buildPostings(
      (sql, parameters) =>
        Promise.resolve(
          /^\s*SELECT/i.test(sql)
            ? db.prepare(sql).all(...parameters)
            : db.prepare(sql).run(...parameters),
        ),
      'sqlite',
      (message) => progress.push(message.replace(/ \(\d+ s\)$/, '')),
    );
    expect(indexed).toBe(1203);
    // A line every 10,000 documents, and one at the end.
    expect(progress).toEqual(['search index: 1203 of 1203 documents']);
    const postings = db
      .prepare(
        `SELECT p.doc_id AS doc, t.term, p.weight FROM search_postings p
         JOIN search_terms t ON t.id = p.term_id WHERE p.doc_id <= 4 ORDER BY p.doc_id, t.term`,
      )
      .all();
    expect(postings).toEqual([
      { doc: 1, term: 'xxannual', weight: 4 },
      { doc: 1, term: 'xxbudget', weight: 1 },
      { doc: 1, term: 'xxreport', weight: 6 },
      { doc: 2, term: 'xxbudget', weight: 1 },
      { doc: 4, term: 'xxfiller', weight: 4 },
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM search_terms').get()).toEqual({ n: 4 });
  });
});
