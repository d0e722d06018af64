import request from 'supertest';
import { RareTermPostings1795850000000 as RareTermsMysql } from '../../migrations/mysql/1795850000000-RareTermPostings';
import { termOf } from '../../src/common/text/search-terms';
import { SearchReindexer } from '../../src/search/search-reindex';
import { RARE_TERM_DOCS } from '../../src/docs/documents/search-postings.repository';
import { givenDoc, givenGroup, givenSharedDoc, givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/**
 * A search starts from the rarest word's documents when the word is rare and they are fewer
 * than the caller's, otherwise from the caller's documents. Both must give the same answer:
 * every query here is asked with its words rare (from the words: the callers have 40 to 60
 * documents, each word is in at most 7), then with every term counted as common (from the
 * callers), and the bodies compared whole.
 */
describe(`search: from the words or from the caller, the same answer (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let reader: TestUser;
  let direct: TestUser;

  const search = (user: TestUser, query: Record<string, unknown>) =>
    request(test.http).get('/api/v1/search').set(user.auth).query(query).expect(200);

  /** How many documents the index has counted each word in (by its term: see `termOf`). */
  const docCounts = async (words: string[]) => {
    const rows: { term: string; doc_count: number | string }[] = await test.dataSource.query(
      `SELECT term, doc_count FROM search_terms WHERE term IN (${words.map(() => '?').join(', ')})`,
      words.map(termOf),
    );
    const counts = new Map(rows.map((row) => [row.term, Number(row.doc_count)]));
    return Object.fromEntries(words.map((word) => [word, counts.get(termOf(word))]));
  };
  /** How many documents the index keeps by term for a word. */
  const rarePostings = async (word: string) => {
    const [row]: { n: number | string }[] = await test.dataSource.query(
      'SELECT COUNT(*) AS n FROM search_rare_postings r JOIN search_terms t ON t.id = r.term_id WHERE t.term = ?',
      [termOf(word)],
    );
    return Number(row.n);
  };

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    member = await givenUser(test);
    reader = await givenUser(test);
    direct = await givenUser(test);
    const group = await givenGroup(test, owner, [member]);
    const shares = request(test.http).post('/api/v1/folders/shares').set(owner.auth);
    await shares.send({ path: '~/team', group_id: group, role: 'editor' }).expect(201);
    await request(test.http)
      .post('/api/v1/folders/shares')
      .set(owner.auth)
      .send({ path: '~/team/notes', email: reader.email, role: 'viewer' })
      .expect(201);
    // 48 documents: 36 in shared folders, each with filler words and some of the rare ones.
    const rare = ['walrus', 'zephyr', 'quokka', 'marmot'];
    for (let index = 0; index < 48; index++) {
      const path = ['~', '~/team', '~/team/notes', '~/team/notes/old'][index % 4];
      const words = rare.filter((_word, n) => index % (5 + n) === n);
      const title = index % 7 === 0 ? `Zephyr ${index}` : `Filler ${index}`;
      await givenDoc(test, owner, {
        title,
        path,
        html: `<p>common words here ${words.join(' ')} and more text ${index}</p><p>${words.reverse().join(' ')} walrus zephyr</p>`,
      });
    }
    // The direct reader has a dozen documents shared one by one, and a few of their own.
    for (let index = 0; index < 12; index++) {
      await givenSharedDoc(test, owner, direct, index % 2 ? 'editor' : 'viewer', {
        title: `Direct ${index}`,
        html: `<p>marmot ${index % 3 === 0 ? 'quokka' : 'common'}</p>`,
      });
    }
    for (let index = 0; index < 40; index++) {
      await givenDoc(test, direct, { title: `Own ${index}`, html: `<p>own text ${index}</p>` });
    }
  });
  afterAll(() => test.close());

  const queries = [
    'quokka',
    'marmot',
    'Zephyr',
    'quok',
    'quokka common',
    'marmot walrus',
    '"walrus zephyr"',
    '"zephyr walrus" quokka',
    'mar',
    'nowhere',
  ];
  const filters: Record<string, unknown>[] = [
    {},
    { role: 'editor' },
    { role: 'viewer' },
    { role: 'owner' },
    { path: '~' },
    { path: '~/team/notes' },
    { per_page: 2, page: 2 },
  ];
  interface Answer {
    caller: string;
    q: string;
    filter: Record<string, unknown>;
    body: { results: unknown[] };
  }
  const askEveryone = async () => {
    const answers: Answer[] = [];
    const callers = { owner, member, reader, direct };
    for (const [caller, user] of Object.entries(callers)) {
      for (const q of queries) {
        for (const filter of filters) {
          const { body } = await search(user, { q, ...filter });
          answers.push({ caller, q, filter, body: body as Answer['body'] });
        }
      }
    }
    return answers;
  };

  it('gives the same pages, totals, roles and snippets from either side', async () => {
    const counts = await docCounts(['quokka', 'marmot', 'zephyr', 'walrus', 'common']);
    for (const count of Object.values(counts)) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(RARE_TERM_DOCS);
    }
    const fromWords = await askEveryone();
    // Every caller found something, with most queries.
    const foundBy = (caller: string) =>
      fromWords.filter((a) => a.caller === caller && a.body.results.length > 0).length;
    expect(['owner', 'member', 'reader', 'direct'].map(foundBy)).toEqual([43, 26, 24, 16]);

    await test.dataSource.query('UPDATE search_terms SET doc_count = ?', [RARE_TERM_DOCS]);
    try {
      expect(await askEveryone()).toEqual(fromWords);
    } finally {
      await test.dataSource.query(
        'UPDATE search_terms SET doc_count = (SELECT COUNT(*) FROM search_postings p WHERE p.term_id = search_terms.id)',
      );
    }
  });

  it('counts a term in per document that has it, and keeps its documents by term while rare', async () => {
    const uuid = await givenDoc(test, owner, {
      title: 'Okapi',
      html: '<p>okapi okapi narwhal</p>',
    });
    expect(await docCounts(['okapi', 'narwhal'])).toEqual({ okapi: 1, narwhal: 1 });
    expect(await rarePostings('okapi')).toBe(1);

    // An update that drops a word takes its document out of the word's postings (the count
    // stays: it says how many documents have had it); one that keeps it changes nothing.
    await request(test.http)
      .put(`/api/v1/docs/${uuid}`)
      .set(owner.auth)
      .send({ html: '<p>okapi only</p>' })
      .expect(204);
    expect(await docCounts(['okapi', 'narwhal'])).toEqual({ okapi: 1, narwhal: 1 });
    expect(await rarePostings('narwhal')).toBe(0);
    expect((await search(owner, { q: 'narwhal' })).body.pagination.total_count).toBe(0);
    expect((await search(member, { q: 'okapi' })).body.pagination.total_count).toBe(0);
    expect(
      (await search(owner, { q: 'okapi' })).body.results.map((r: { uuid: string }) => r.uuid),
    ).toEqual([uuid]);

    // Trashed and purged: its postings go, by term too.
    await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
    expect((await search(owner, { q: 'okapi' })).body.pagination.total_count).toBe(0);
    await request(test.http).delete(`/api/v1/trash/${uuid}`).set(owner.auth).expect(204);
    expect(await rarePostings('okapi')).toBe(0);
  });

  it('counts every one of concurrent writes sharing new words, once their transactions have committed', async () => {
    const writes = 24;
    const uuids = await Promise.all(
      Array.from({ length: writes }, (_, i) =>
        givenDoc(test, owner, { title: `Pangolin ${i}`, html: '<p>pangolin tapir</p>' }),
      ),
    );
    expect(await docCounts(['pangolin', 'tapir'])).toEqual({ pangolin: writes, tapir: writes });
    expect(await rarePostings('pangolin')).toBe(writes);
    const found = await search(owner, { q: 'tapir', per_page: 100 });
    expect(found.body.pagination.total_count).toBe(writes);
    expect(found.body.results.map((r: { uuid: string }) => r.uuid).sort()).toEqual(uuids.sort());
  });

  it('reindex gives back the rows by term a document lacks (one an older version wrote)', async () => {
    const uuid = await givenDoc(test, owner, { title: 'Axolotl', path: '~/team' });
    await test.dataSource.query(
      'DELETE FROM search_rare_postings WHERE term_id = (SELECT id FROM search_terms WHERE term = ?)',
      [termOf('axolotl')],
    );
    expect((await search(member, { q: 'axolotl' })).body.pagination.total_count).toBe(0);

    await test.app.get(SearchReindexer).run();
    expect(await rarePostings('axolotl')).toBe(1);
    const found = await search(member, { q: 'axolotl' });
    expect(found.body.results.map((r: { uuid: string }) => r.uuid)).toEqual([uuid]);
  });

  if (databaseKind === 'mysql') {
    it('the migration runs again over its own work (MySQL commits each step: a cut run is resumed)', async () => {
      const before = await docCounts(['quokka', 'marmot', 'zephyr']);
      const rows = await rarePostings('quokka');
      const runner = test.dataSource.createQueryRunner();
      try {
        await new RareTermsMysql().up(runner);
      } finally {
        await runner.release();
      }
      expect(await docCounts(['quokka', 'marmot', 'zephyr'])).toEqual(before);
      expect(await rarePostings('quokka')).toBe(rows);
    });
  }

  it('stops counting a term at the limit, forgets its documents by term, and still finds them all', async () => {
    const first = await givenDoc(test, owner, { title: 'Capybara one', path: '~/team' });
    await test.dataSource.query('UPDATE search_terms SET doc_count = ? WHERE term = ?', [
      RARE_TERM_DOCS - 1,
      termOf('capybara'),
    ]);
    const second = await givenDoc(test, owner, { title: 'Capybara two', path: '~/team' });
    expect(await docCounts(['capybara'])).toEqual({ capybara: RARE_TERM_DOCS });
    // The write that made it common does not know yet; the next one does, and forgets them.
    const third = await givenDoc(test, owner, { title: 'Capybara three', path: '~/team' });
    expect(await docCounts(['capybara'])).toEqual({ capybara: RARE_TERM_DOCS });
    expect(await rarePostings('capybara')).toBe(0);
    const found = await search(member, { q: 'capybara' });
    expect(found.body.results.map((r: { uuid: string }) => r.uuid).sort()).toEqual(
      [first, second, third].sort(),
    );
  });
});
