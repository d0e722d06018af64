import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { Clock } from '../../src/common/clock';
import { hashIdempotencyKey } from '../../src/idempotency/idempotency-key';
import { requestFingerprint } from '../../src/idempotency/request-fingerprint';
import { givenDoc, givenSharedDoc, givenUser, TestUser } from '../support/builders';
import { recordStatements, StatementLog } from '../support/statement-log';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** The one authentication lookup: the token, its scopes and its user, by the token's unique hash. */
const AUTH_LOOKUP =
  /^SELECT .*\bt\.scopes\b.* FROM api_tokens t JOIN users u .* WHERE t\.token_hash = \?$/;
const LAST_USED_WRITE = /^UPDATE api_tokens SET last_used_at/;
/**
 * A write that gives a document words still rare (here every word is: the store is small)
 * keeps those postings by term in its transaction and counts it in for them once committed
 * (`afterCommit`): two statements, none for common words.
 */
const RARE_COUNT =
  /^UPDATE .*search_terms.* SET (t\.)?doc_count = (LEAST|MIN)\((t|search_terms)\.doc_count \+ j\.docs, 256\).* WHERE .*doc_count < 256$/;
const RARE_ROWS = /^INSERT (OR )?IGNORE INTO search_rare_postings \(term_id, doc_id\) SELECT/;
const RARE_REMOVE = /^DELETE .*search_rare_postings/;
const onMysql = databaseKind === 'mysql';
/**
 * An update's read, before it writes, of the document's version and stored terms (the row held
 * on MySQL), from which it works out the postings the document has.
 */
const TERMS_BEFORE = `SELECT version, search_title, search_body FROM docs WHERE uuid = ?${onMysql ? ' FOR UPDATE' : ''}`;

/**
 * The SQL each request may run. Statements are counted as TypeORM sends them; transaction
 * control (START TRANSACTION / BEGIN, COMMIT) is counted apart, as transactions.
 */
describe(`query budget per request (${databaseKind})`, () => {
  let test: TestApp;
  let log: StatementLog;
  let owner: TestUser;
  let uuid: string;
  /** The server's clock stands still unless a test moves it. */
  let now = Date.parse('2031-05-06T07:08:09.000Z');

  beforeAll(async () => {
    test = await startTestApp();
    jest.spyOn(test.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    owner = await givenUser(test);
    uuid = await givenDoc(test, owner, { title: 'Budget', path: '~/budget' });
    for (let i = 0; i < 3; i++) await givenDoc(test, owner, { path: i === 0 ? '~' : '~/budget' });
    // Documents of someone else's that the owner has as viewer and as editor.
    const sharer = await givenUser(test);
    for (const role of ['viewer', 'editor']) {
      await givenSharedDoc(test, sharer, owner, role as 'viewer' | 'editor');
    }
    // Its first use recorded the token's last-used time: no further write within a minute.
    log = recordStatements(test.dataSource);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    log.restore();
    await test.close();
  });
  beforeEach(() => log.reset());

  /** That the count of rare words ran after the write's transaction committed. */
  function expectCountAfterCommit(statements: string[]): void {
    const count = statements.findIndex((statement) => RARE_COUNT.test(statement));
    const commit = log.all.findIndex((query) => /^COMMIT/i.test(query));
    expect(commit).toBeGreaterThanOrEqual(0);
    expect(log.all.indexOf(statements[count])).toBeGreaterThan(commit);
  }

  /** The statements after the authentication lookup, which must come first and alone. */
  function afterAuth(): string[] {
    const [auth, ...rest] = log.statements();
    expect(auth).toMatch(AUTH_LOOKUP);
    expect(rest.filter((query) => /api_tokens/.test(query))).toEqual([]);
    return rest;
  }

  describe('list', () => {
    it('the first page: one statement, the page with the members and its total, no DISTINCT and no query per row', async () => {
      await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
      const statements = afterAuth();
      expect(statements).toHaveLength(1);
      const [page] = statements;
      // The total is counted by the page's own statement: both describe one moment.
      expect(page).toMatch(
        /^SELECT \(SELECT COALESCE\(SUM\(doc_count\), 0\) AS n FROM user_doc_counts WHERE user_id = \?\) AS total_count, /,
      );
      // The page's ids come from the caller's memberships, on the list-order index alone.
      expect(page).toMatch(
        /FROM \(SELECT doc_id, doc_updated_at AS sort_at FROM user_docs WHERE user_id = \?/,
      );
      expect(page).toMatch(/JOIN users u/);
      expect(page).not.toMatch(/DISTINCT/i);
      expect(log.transactions()).toBe(0);
    });

    it('a later page: the count (to choose the end of the index to read from), then the page', async () => {
      await request(test.http)
        .get('/api/v1/docs')
        .query({ page: 2, per_page: 2 })
        .set(owner.auth)
        .expect(200);
      const [count, page] = afterAuth();
      // The count also asks whether grants (a group's, a folder share's) reach the caller.
      expect(count).toMatch(
        /^SELECT \(SELECT COALESCE\(SUM\(doc_count\), 0\) AS n FROM user_doc_counts WHERE user_id = \?\) AS n, \(SELECT CASE WHEN EXISTS .* AS has_grants$/,
      );
      expect(page).toMatch(
        /^SELECT \(SELECT COALESCE\(SUM\(doc_count\), 0\) AS n .*\) AS total_count, /,
      );
      expect(log.transactions()).toBe(0);
    });

    it.each([
      { query: { per_page: 100 }, statements: 1 },
      { query: { page: 2, per_page: 2 }, statements: 2 },
      { query: { page: 99 }, statements: 1 },
      { query: { role: 'viewer' }, statements: 1 },
      { query: { role: 'owner', page: 99 }, statements: 1 },
      { query: { path: '~/budget' }, statements: 1 },
      { query: { path: '~' }, statements: 1 },
      { query: { path: '~/none' }, statements: 1 },
      // A folder holds only the caller's own documents: no query for another role.
      { query: { path: '~/budget', role: 'editor' }, statements: 0 },
    ])('runs at most 2 more statements for $query', async ({ query, statements }) => {
      await request(test.http).get('/api/v1/docs').query(query).set(owner.auth).expect(200);
      expect(afterAuth()).toHaveLength(statements);
    });

    it('filters by role on its own list-order index and its own count', async () => {
      await request(test.http)
        .get('/api/v1/docs')
        .query({ role: 'editor' })
        .set(owner.auth)
        .expect(200);
      const [page] = afterAuth();
      expect(page).toMatch(
        /FROM user_doc_counts WHERE user_id = \? AND role = \?\) AS total_count/,
      );
      expect(page).toMatch(
        /FROM user_docs WHERE user_id = \? AND role = \? ORDER BY doc_updated_at DESC, doc_id DESC LIMIT/,
      );
    });

    it('reads the last page of a long list from the other end of the index', async () => {
      await request(test.http)
        .get('/api/v1/docs')
        .query({ page: 4, per_page: 1 })
        .set(owner.auth)
        .expect(200);
      const [, page] = afterAuth();
      expect(page).toMatch(/ORDER BY doc_updated_at ASC, doc_id ASC LIMIT \? OFFSET \?/);
    });
  });

  describe('create', () => {
    const POSTINGS_UPSERT =
      /^INSERT INTO search_postings \(bucket, term_id, doc_id, weight\) SELECT .* (ON DUPLICATE KEY UPDATE|ON CONFLICT)/;
    /** MySQL: the INSERT carries the postings, which its triggers write (and keep by term). */
    const INSERT_WITH_POSTINGS = /^INSERT INTO docs \(.*, pending_postings\) /;

    it('in the home folder, with known words: on MySQL the INSERT alone, autocommitted (triggers add the owner row and count, the postings and the rare words’ rows by term), the counts after it; on SQLite the INSERT, its postings and rows by term in a transaction, the counts after it', async () => {
      await request(test.http).post('/api/v1/docs').set(owner.auth).send({ title: 'x' });
      log.reset();
      await request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .send({ title: 'x' })
        .expect(201);
      const statements = afterAuth();
      if (onMysql) {
        expect(statements).toEqual([
          expect.stringMatching(INSERT_WITH_POSTINGS),
          expect.stringMatching(RARE_COUNT),
        ]);
        expect(log.transactions()).toBe(0);
        return;
      }
      expect(statements).toHaveLength(4);
      expect(statements[0]).toMatch(/^INSERT INTO docs .* VALUES/);
      expect(statements[1]).toMatch(POSTINGS_UPSERT);
      expect(statements[2]).toMatch(RARE_ROWS);
      expect(statements[3]).toMatch(RARE_COUNT);
      expect(log.transactions()).toBe(1);
      expectCountAfterCommit(statements);
    });

    it('with common words only: the INSERT (with its postings on MySQL, then them on SQLite) alone', async () => {
      const common = { title: 'budgetcommon' };
      await request(test.http).post('/api/v1/docs').set(owner.auth).send(common).expect(201);
      await test.dataSource.query('UPDATE search_terms SET doc_count = 256 WHERE term = ?', [
        'xxbudgetcommon',
      ]);
      // The first write after the word became common finds it so, and remembers it.
      await request(test.http).post('/api/v1/docs').set(owner.auth).send(common).expect(201);
      log.reset();
      await request(test.http).post('/api/v1/docs').set(owner.auth).send(common).expect(201);
      const statements = afterAuth();
      if (onMysql) {
        expect(statements).toEqual([expect.stringMatching(INSERT_WITH_POSTINGS)]);
        return;
      }
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^INSERT INTO docs .* VALUES/);
      expect(statements[1]).toMatch(POSTINGS_UPSERT);
    });

    it('new words are added to the vocabulary first, outside the write: one INSERT and one read per 64', async () => {
      await request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .send({ title: 'budgetneverseen' })
        .expect(201);
      const statements = afterAuth();
      expect(statements).toHaveLength(onMysql ? 4 : 6);
      expect(statements[0]).toMatch(
        /^INSERT (OR )?IGNORE INTO search_terms \(term\) VALUES (\(\?\), ){63}\(\?\)$/,
      );
      expect(statements[1]).toMatch(/^SELECT id, term FROM search_terms WHERE term IN/);
      expect(statements[2]).toMatch(/^INSERT INTO docs .* VALUES/);
      if (onMysql) return; // no transaction (above)
      const begin = log.all.findIndex((query) => /^(START TRANSACTION|BEGIN)/i.test(query));
      expect(log.all.indexOf(statements[1])).toBeLessThan(begin);
    });

    it.each(['~/budget/new/deeper', '~/budget'])(
      'in a folder (%s): in one transaction, the folder chain in one statement, then the INSERT (with its postings on MySQL, then them on SQLite)',
      async (path) => {
        await request(test.http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: 'x', path })
          .expect(201);
        const statements = afterAuth();
        // INSERT IGNORE (MySQL) / INSERT OR IGNORE (SQLite) of the whole chain, at once.
        const folders = expect.stringMatching(/^INSERT (OR )?IGNORE INTO folders .* NOT EXISTS/);
        const count = expect.stringMatching(RARE_COUNT);
        expect(statements).toEqual(
          onMysql
            ? [
                folders,
                expect.stringMatching(
                  /^INSERT INTO docs \(.*, pending_postings\) SELECT .* FROM folders f/,
                ),
                count,
              ]
            : [
                folders,
                expect.stringMatching(/^INSERT INTO docs .* FROM folders f/),
                expect.stringMatching(POSTINGS_UPSERT),
                expect.stringMatching(RARE_ROWS),
                count,
              ],
        );
        expect(log.transactions()).toBe(1);
        expectCountAfterCommit(statements);
      },
    );

    it('writes a document’s postings and rows by term with it, and changes them with its text, leaving nothing pending', async () => {
      /** The document's postings as `term weight`, and its terms kept by term. */
      const indexOf = async (uuid: string) => {
        const postings: { term: string; weight: number }[] = await test.dataSource.query(
          `SELECT t.term AS term, p.weight AS weight FROM docs d
JOIN search_postings p ON p.doc_id = d.id JOIN search_terms t ON t.id = p.term_id
WHERE d.uuid = ? ORDER BY t.term`,
          [uuid],
        );
        const byTerm: { term: string }[] = await test.dataSource.query(
          `SELECT t.term AS term FROM docs d
JOIN search_rare_postings r ON r.doc_id = d.id JOIN search_terms t ON t.id = r.term_id
WHERE d.uuid = ? ORDER BY t.term`,
          [uuid],
        );
        const [pending] = await test.dataSource.query(
          'SELECT COUNT(*) AS n FROM docs WHERE pending_postings IS NOT NULL',
        );
        return {
          postings: postings.map(({ term, weight }) => `${term} ${Number(weight)}`),
          byTerm: byTerm.map(({ term }) => term),
          pending: Number(pending.n),
        };
      };
      const created = await givenDoc(test, owner, {
        title: 'Pending check',
        html: '<p>Budget budget words</p>',
      });
      // 4 a word in the title, 1 in the text; every word is rare in this store, so each
      // posting is kept by term too.
      expect(await indexOf(created)).toEqual({
        postings: ['xxbudget 2', 'xxcheck 4', 'xxpending 4', 'xxwords 1'],
        byTerm: ['xxbudget', 'xxcheck', 'xxpending', 'xxwords'],
        pending: 0,
      });
      await request(test.http)
        .put(`/api/v1/docs/${created}`)
        .set(owner.auth)
        .send({ html: '<p>words words zebrine</p>' })
        .expect(204);
      // A word gone (from both), a weight changed, a word added (to both).
      expect(await indexOf(created)).toEqual({
        postings: ['xxcheck 4', 'xxpending 4', 'xxwords 2', 'xxzebrine 1'],
        byTerm: ['xxcheck', 'xxpending', 'xxwords', 'xxzebrine'],
        pending: 0,
      });
    });
  });

  describe('create with an Idempotency-Key', () => {
    const KEY_INSERT =
      /^INSERT (IGNORE )?INTO idempotency_keys .*(ON CONFLICT \(user_id, key_hash\) DO NOTHING)?$/;
    const KEY_READ = /^SELECT .* FROM idempotency_keys WHERE user_id = \? AND key_hash = \?$/;
    const KEY_COMPLETE =
      /^UPDATE idempotency_keys SET completed_at = \?.* WHERE user_id = \? AND key_hash = \? AND resource_id = \? AND attempt = \? AND completed_at IS NULL$/;

    /** The postings of the new document: MySQL's INSERT carries them, SQLite writes them. */
    const SQLITE_POSTINGS = onMysql
      ? []
      : [expect.stringMatching(/^INSERT INTO search_postings/), expect.stringMatching(RARE_ROWS)];

    function createWithKey(key: string, body: object) {
      return request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send(body);
    }

    it('a new key in ~: the key row first (autocommitted), then the create and the key completed in one transaction, the counts after it', async () => {
      await createWithKey('budget-1', { title: 'x' }).expect(201);
      const statements = afterAuth();
      expect(statements).toEqual([
        expect.stringMatching(KEY_INSERT),
        expect.stringMatching(/^INSERT INTO docs/),
        ...SQLITE_POSTINGS,
        expect.stringMatching(KEY_COMPLETE),
        expect.stringMatching(RARE_COUNT),
      ]);
      expect(log.transactions()).toBe(1);
      expectCountAfterCommit(statements);
      // The key row is written before the transaction, its completion inside it.
      const begin = log.all.findIndex((query) => /^(START TRANSACTION|BEGIN)/i.test(query));
      expect(log.all.indexOf(statements[0])).toBeLessThan(begin);
    });

    it('a new key in a folder: as in ~, with the folder chain first in the transaction', async () => {
      await createWithKey('budget-2', { title: 'x', path: '~/budget/keyed' }).expect(201);
      const statements = afterAuth();
      expect(statements).toEqual([
        expect.stringMatching(KEY_INSERT),
        expect.stringMatching(/^INSERT (OR )?IGNORE INTO folders/),
        expect.stringMatching(/^INSERT INTO docs .* FROM folders f/),
        ...SQLITE_POSTINGS,
        expect.stringMatching(KEY_COMPLETE),
        expect.stringMatching(RARE_COUNT),
      ]);
      expect(log.transactions()).toBe(1);
      expectCountAfterCommit(statements);
    });

    it('a replay, a 422 and a 409 each cost the key INSERT (which finds the row) and one read, no transaction', async () => {
      await createWithKey('budget-3', { title: 'x' }).expect(201);
      await test.dataSource.query(
        'INSERT INTO idempotency_keys (user_id, key_hash, fingerprint, resource_id, attempt, lease_until, created_at, expires_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)',
        [
          owner.id,
          hashIdempotencyKey('budget-running'),
          requestFingerprint({ title: 'x', html: '', path: '~' }),
          randomUUID(),
          '2099-01-01 00:00:00.000',
          '2031-05-06 07:08:09.000',
          '2099-01-01 00:00:00.000',
        ],
      );
      for (const [key, body, status] of [
        ['budget-3', { title: 'x' }, 201],
        ['budget-3', { title: 'y' }, 422],
        ['budget-running', { title: 'x' }, 409],
      ] as const) {
        log.reset();
        await createWithKey(key, body).expect(status);
        const statements = afterAuth();
        expect(statements).toHaveLength(2);
        expect(statements[0]).toMatch(KEY_INSERT);
        expect(statements[1]).toMatch(KEY_READ);
        expect(log.transactions()).toBe(0);
      }
    });

    it('an invalid key costs nothing', async () => {
      await createWithKey('not valid', { title: 'x' }).expect(400);
      expect(afterAuth()).toEqual([]);
    });
  });

  describe('update', () => {
    /**
     * In one transaction: the document's terms and postings (MySQL: holding its row), then the
     * update (MySQL: one multi-table UPDATE, the grants' copies of updated_at included, which
     * passes the postings that changed to the document's triggers; SQLite: the document, then
     * its members' rows, then its grants', then the postings that changed: the words gone, and
     * the new weights). The counts after the commit.
     */
    const UPDATE_STATEMENTS =
      databaseKind === 'mysql'
        ? [
            TERMS_BEFORE,
            expect.stringMatching(
              /^UPDATE docs d LEFT JOIN user_docs me ON .* LEFT JOIN doc_grants ga ON .* JOIN user_docs m ON m\.doc_id = d\.id LEFT JOIN doc_grants gg ON gg\.doc_id = d\.id SET d\.title = \?, d\.search_title = \?, d\.html = \?, d\.search_body = \?, d\.pending_postings = \?, d\.updated_at = GREATEST\(\?, d\.updated_at \+ INTERVAL 1000 MICROSECOND\), d\.updated_by = \?, d\.version = LAST_INSERT_ID\(d\.version \+ 1\),\s*m\.doc_updated_at = GREATEST\(\?, .*\), gg\.doc_updated_at = GREATEST\(\?, .*\) WHERE d\.uuid = \? AND \(me\.user_id IS NOT NULL OR ga\.doc_id IS NOT NULL\)$/,
            ),
            expect.stringMatching(RARE_COUNT),
          ]
        : [
            TERMS_BEFORE,
            expect.stringMatching(
              /^UPDATE docs SET title = \?, search_title = \?, html = \?, search_body = \?, updated_at = \?, updated_by = \?, version = version \+ 1 WHERE uuid = \? AND \(EXISTS \(SELECT 1 FROM user_docs me WHERE me\.doc_id = docs\.id .*\) OR EXISTS \(SELECT 1 FROM doc_grants g WHERE g\.doc_id = docs\.id .*\)\) RETURNING id, version$/,
            ),
            'UPDATE user_docs SET doc_updated_at = ? WHERE doc_id = ?',
            'UPDATE doc_grants SET doc_updated_at = ? WHERE doc_id = ?',
            expect.stringMatching(
              /^DELETE FROM search_postings WHERE \(bucket, term_id, doc_id\) IN/,
            ),
            expect.stringMatching(RARE_REMOVE),
            expect.stringMatching(/^INSERT INTO search_postings .* ON CONFLICT/),
            expect.stringMatching(RARE_ROWS),
            expect.stringMatching(RARE_COUNT),
          ];
    const UPDATE_TRANSACTIONS = 1;

    beforeAll(async () => {
      // The words of the updates below are known: no vocabulary statements.
      await givenDoc(test, owner, { title: 'new stolen old', html: '<p>x y</p>' });
    });

    it('checks the role and writes the document and its users’ list order in one statement, and the postings that changed', async () => {
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ title: 'new', html: '<p>y</p>' })
        .expect(204);
      const statements = afterAuth();
      expect(statements).toEqual(UPDATE_STATEMENTS);
      expect(log.transactions()).toBe(UPDATE_TRANSACTIONS);
      expectCountAfterCommit(statements);
    });

    it('checks If-Match in the same statement', async () => {
      const { version } = (await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth))
        .body as { version: number };
      log.reset();
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .set('If-Match', `"${version}"`)
        .send({ title: 'old', html: '<p>x</p>' })
        .expect(204);
      const statements = afterAuth();
      expect(statements).toHaveLength(UPDATE_STATEMENTS.length);
      expect(statements[1]).toMatch(
        / AND (d\.)?version IN \(SELECT value FROM (JSON_TABLE|json_each)\(\?.*\) AS versions\)( RETURNING id, version)?$/,
      );
    });

    it("reads why only when nothing matched: another user's document is its terms, the write and two reads (404)", async () => {
      const other = await givenUser(test);
      await request(test.http).get('/api/v1/docs').set(other.auth).expect(200);
      log.reset();
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(other.auth)
        .send({ title: 'stolen' })
        .expect(404);
      const statements = afterAuth();
      // The terms (a title alone: the stored text's too), the write that matches nothing, the
      // member's role, then (not a member) what grants give.
      expect(statements).toHaveLength(4);
      expect(statements[0]).toBe(TERMS_BEFORE);
      expect(statements[1]).toMatch(/^UPDATE docs/);
      expect(statements[2]).toMatch(
        /^SELECT d\.id AS doc_id, me\.role AS direct_role, d\.version AS version FROM docs d/,
      );
    });
  });

  describe('get and delete', () => {
    it('get is one query, also when it answers 304', async () => {
      const response = await request(test.http)
        .get(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .expect(200);
      expect(afterAuth()).toHaveLength(1);
      log.reset();
      await request(test.http)
        .get(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .set('If-None-Match', response.headers.etag)
        .expect(304);
      expect(afterAuth()).toHaveLength(1);
    });

    it('delete moves the document to the trash with its members, in one transaction', async () => {
      const doomed = await givenDoc(test, owner);
      log.reset();
      await request(test.http).delete(`/api/v1/docs/${doomed}`).set(owner.auth).expect(204);
      const lock = databaseKind === 'mysql' ? ' FOR UPDATE' : '';
      expect(afterAuth()).toEqual([
        `SELECT id FROM docs WHERE uuid = ? AND owner_id = ? AND deleted_at IS NULL${lock}`,
        'UPDATE docs SET deleted_at = ? WHERE id = ?',
        'INSERT INTO trash (doc_id, owner_id, deleted_at) VALUES (?, ?, ?)',
        ...(databaseKind === 'mysql'
          ? ['SELECT user_id FROM user_docs WHERE doc_id = ? FOR UPDATE']
          : []),
        'INSERT INTO trashed_doc_members (doc_id, user_id, role, created_at) SELECT doc_id, user_id, role, created_at FROM user_docs WHERE doc_id = ?',
        'DELETE FROM user_docs WHERE doc_id = ?',
        // Its grants (to groups, through folder shares) stay, giving nothing while it is there.
        'UPDATE doc_grants SET trashed = 1 WHERE doc_id = ?',
      ]);
      expect(log.transactions()).toBe(1);
    });

    it('restoring from the trash: the document, its trash row, members and grants back, in one transaction; then the document', async () => {
      const doomed = await givenDoc(test, owner);
      await request(test.http).delete(`/api/v1/docs/${doomed}`).set(owner.auth).expect(204);
      log.reset();
      await request(test.http).post(`/api/v1/trash/${doomed}/restore`).set(owner.auth).expect(200);
      const statements = afterAuth();
      expect(statements).toHaveLength(7);
      expect(statements[0]).toMatch(
        /^SELECT id FROM docs WHERE uuid = \? AND owner_id = \? AND deleted_at IS NOT NULL/,
      );
      expect(statements.slice(1, 6)).toEqual([
        'UPDATE docs SET deleted_at = NULL WHERE id = ?',
        'DELETE FROM trash WHERE doc_id = ?',
        expect.stringMatching(/^INSERT INTO user_docs .* FROM trashed_doc_members t JOIN docs d/),
        'DELETE FROM trashed_doc_members WHERE doc_id = ?',
        expect.stringMatching(/^UPDATE doc_grants SET trashed = 0, doc_updated_at = /),
      ]);
      expect(statements[6]).toMatch(/^SELECT d\.id AS doc_id, /);
      expect(log.transactions()).toBe(1);
    });

    it('the trash list: the count and the page, at one moment', async () => {
      await request(test.http).get('/api/v1/trash').set(owner.auth).expect(200);
      expect(afterAuth()).toEqual([
        'SELECT COUNT(*) AS n FROM trash WHERE owner_id = ?',
        expect.stringMatching(
          /^SELECT d\.uuid AS uuid, .* FROM trash t JOIN docs d .* LIMIT \? OFFSET \?$/,
        ),
      ]);
      expect(log.transactions()).toBe(databaseKind === 'mysql' ? 1 : 0);
    });

    it('deleting for good: the document, its postings, then one DELETE (foreign keys take its versions, members and trash row), in one transaction', async () => {
      const doomed = await givenDoc(test, owner);
      await request(test.http).delete(`/api/v1/docs/${doomed}`).set(owner.auth).expect(204);
      log.reset();
      await request(test.http).delete(`/api/v1/trash/${doomed}`).set(owner.auth).expect(204);
      expect(afterAuth()).toEqual([
        expect.stringMatching(
          /^SELECT id FROM docs WHERE uuid = \? AND owner_id = \? AND deleted_at IS NOT NULL/,
        ),
        // The documents' stored terms (their ids as one JSON parameter: a batch of the purge
        // has many), then their postings by term (rare words) and their postings, each as one
        // JSON list of (document, term) pairs, found by their keys.
        expect.stringMatching(/^SELECT d?\.?id, d?\.?search_title, d?\.?search_body FROM /),
        expect.stringMatching(RARE_REMOVE),
        expect.stringMatching(
          /^DELETE (p FROM JSON_TABLE\(\?.* search_postings p |FROM search_postings WHERE \(bucket, term_id, doc_id\) IN)/,
        ),
        'DELETE FROM docs WHERE id = ?',
      ]);
      expect(log.transactions()).toBe(1);
    });
  });

  describe('revisions and move', () => {
    const ACCESS =
      /^SELECT d\.id AS doc_id, me\.role AS direct_role, d\.version AS version FROM docs d/;
    const ONE_VERSION =
      /^SELECT v\.version AS version, v\.title AS title, v\.html AS html, .* FROM \(SELECT .* FROM docs WHERE id = \? UNION ALL SELECT .* FROM doc_revisions WHERE doc_id = \? AND version >= \?\) v LEFT JOIN users u .* WHERE v\.version = \?$/;
    let revised: string;

    beforeAll(async () => {
      revised = await givenDoc(test, owner, { title: 'History' });
      await request(test.http)
        .put(`/api/v1/docs/${revised}`)
        .set(owner.auth)
        .send({ title: 'History 2' })
        .expect(204);
    });

    it('the list: the access check, then the page with its total in one statement', async () => {
      await request(test.http).get(`/api/v1/docs/${revised}/revisions`).set(owner.auth).expect(200);
      expect(afterAuth()).toEqual([
        expect.stringMatching(ACCESS),
        expect.stringMatching(
          /^SELECT \(SELECT COUNT\(\*\) FROM doc_revisions WHERE doc_id = \? AND version >= \?\) \+ 1 AS total_count, .* ORDER BY v\.version DESC LIMIT \? OFFSET \?$/,
        ),
      ]);
      expect(log.transactions()).toBe(0);
    });

    it('a page past the end counts the versions on its own', async () => {
      await request(test.http)
        .get(`/api/v1/docs/${revised}/revisions?page=9`)
        .set(owner.auth)
        .expect(200);
      const statements = afterAuth();
      expect(statements).toHaveLength(3);
      expect(statements[2]).toBe(
        'SELECT COUNT(*) AS n FROM doc_revisions WHERE doc_id = ? AND version >= ?',
      );
    });

    it('one version: the access check and the version', async () => {
      await request(test.http)
        .get(`/api/v1/docs/${revised}/revisions/1`)
        .set(owner.auth)
        .expect(200);
      expect(afterAuth()).toEqual([
        expect.stringMatching(ACCESS),
        expect.stringMatching(ONE_VERSION),
      ]);
      expect(log.transactions()).toBe(0);
    });

    it('restore: the access check, the version, the update (as PUT, in its transaction), then the document', async () => {
      await request(test.http)
        .post(`/api/v1/docs/${revised}/revisions/1/restore`)
        .set(owner.auth)
        .expect(200);
      const statements = afterAuth();
      // The update as PUT writes it (here: the postings of the words the restore takes away).
      expect(statements).toEqual([
        expect.stringMatching(ACCESS),
        expect.stringMatching(ONE_VERSION),
        TERMS_BEFORE,
        ...(databaseKind === 'mysql'
          ? [expect.stringMatching(/^UPDATE docs d .* d\.pending_postings = \?, /)]
          : [
              expect.stringMatching(/^UPDATE docs /),
              'UPDATE user_docs SET doc_updated_at = ? WHERE doc_id = ?',
              'UPDATE doc_grants SET doc_updated_at = ? WHERE doc_id = ?',
              expect.stringMatching(/^DELETE .*search_postings/),
              expect.stringMatching(RARE_REMOVE),
            ]),
        expect.stringMatching(
          /^SELECT d\.id AS doc_id, .* JOIN user_docs me ON me\.doc_id = d\.id AND me\.user_id = \?/,
        ),
      ]);
      expect(log.transactions()).toBe(1);
    });

    it("move: the missing folders, the update, and the document's grants from folder shares remade, in one transaction", async () => {
      await request(test.http)
        .put(`/api/v1/docs/${revised}`)
        .set(owner.auth)
        .send({ path: '~/moved/here' })
        .expect(204);
      const statements = afterAuth();
      expect(statements).toHaveLength(6);
      expect(statements[0]).toMatch(/^INSERT (OR )?IGNORE INTO folders/);
      const rest = statements.slice(1);
      if (databaseKind === 'mysql') {
        // The owner held first (shared), so a folder share of theirs being made takes turns.
        expect(rest.shift()).toMatch(/^SELECT id FROM users WHERE id = \? LOCK IN SHARE MODE$/);
      }
      expect(rest[0]).toMatch(
        /^UPDATE docs .*folder_id = \(SELECT id FROM folders WHERE user_id = \? AND path_hash = \?\)/,
      );
      expect(rest.slice(1)).toEqual([
        ...(databaseKind === 'mysql'
          ? [expect.stringMatching(/^SELECT LAST_INSERT_ID\(\)/)]
          : [
              expect.stringMatching(/^UPDATE user_docs SET doc_updated_at/),
              expect.stringMatching(/^UPDATE doc_grants SET doc_updated_at/),
            ]),
        expect.stringMatching(
          /^DELETE FROM doc_grants WHERE doc_id = .* AND folder_share_id <> 0$/,
        ),
        expect.stringMatching(/^INSERT INTO doc_grants .* FROM docs d JOIN folder_shares fs/),
      ]);
      expect(log.transactions()).toBe(1);
    });
  });

  describe('search', () => {
    it('a page: the ids of the words (and of the words a prefix begins), then one statement that counts the total too', async () => {
      await request(test.http).get('/api/v1/search?q=doc').set(owner.auth).expect(200);
      const statements = afterAuth();
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(
        // With how many documents the caller reaches through user_docs and through grants, each
        // read up to 256 rows (whether to read every way in, and which side to start from).
        /^SELECT id, term, doc_count, \(SELECT COUNT\(\*\) FROM \(SELECT 1 AS one FROM user_docs me WHERE me\.user_id = \? LIMIT 256\) reached\) AS member_reach, .* LIMIT 256\) reached\)\) AS granted_reach, .* AS own_docs FROM search_terms WHERE term (LIKE|GLOB) \?$/,
      );
      expect(statements[1]).toMatch(
        /^SELECT page\.total_count, .* FROM \(\s*SELECT COUNT\(\*\) OVER \(\) AS total_count/,
      );
      expect(log.transactions()).toBe(0);
    });

    it('a word no document has: the ids alone', async () => {
      await request(test.http).get('/api/v1/search?q=zzqx').set(owner.auth).expect(200);
      expect(afterAuth()).toEqual([
        expect.stringMatching(/^SELECT id, term, .* FROM search_terms WHERE/),
      ]);
    });

    it('a page past the end counts on its own', async () => {
      await request(test.http).get('/api/v1/search?q=doc&page=99').set(owner.auth).expect(200);
      const statements = afterAuth();
      expect(statements).toHaveLength(3);
      // From the words: every term `doc` begins is in fewer documents than the owner has.
      expect(statements[2]).toMatch(
        /^SELECT COUNT\(\*\) AS n FROM \(SELECT c\.doc_id AS doc_id, .* FROM search_rare_postings r/,
      );
    });
  });

  describe('users of a document', () => {
    let editor: TestUser;

    beforeAll(async () => {
      editor = await givenUser(test);
    });

    it('sharing reads the caller’s role and the user, then adds them and their event in one short transaction', async () => {
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/users`)
        .set(owner.auth)
        .send({ email: editor.email, role: 'editor' })
        .expect(201);
      const statements = afterAuth();
      expect(statements).toHaveLength(5);
      expect(statements[0]).toMatch(/^SELECT d\.id AS doc_id, me\.role AS direct_role/);
      expect(statements[1]).toMatch(/FROM .*users/);
      expect(statements[2]).toMatch(/^SELECT d\.updated_at AS updated_at, t\.role AS role/);
      expect(statements[3]).toMatch(/^INSERT INTO user_docs/);
      // The member.added event: inserts nothing when no webhook wants it (none here).
      expect(statements[4]).toMatch(
        /^INSERT INTO webhook_events .* JOIN docs d ON d\.id = \?\s+WHERE EXISTS/s,
      );
      expect(log.transactions()).toBe(1);
    });

    it('listing them is one query', async () => {
      await request(test.http).get(`/api/v1/docs/${uuid}/users`).set(owner.auth).expect(200);
      expect(afterAuth()).toHaveLength(1);
    });

    it('removing one reads the caller’s role, then in one short transaction the role removed, the DELETE, and what it means for webhooks', async () => {
      await request(test.http)
        .delete(`/api/v1/docs/${uuid}/users/${editor.id}`)
        .set(owner.auth)
        .expect(204);
      const statements = afterAuth();
      expect(statements).toHaveLength(5);
      expect(statements[1]).toMatch(
        /^SELECT role FROM user_docs WHERE doc_id = \? AND user_id = \?/,
      );
      expect(statements[2]).toMatch(/^DELETE FROM user_docs WHERE doc_id = \? AND user_id = \?/);
      // Their webhooks' pending events of the document go; then the member.removed event.
      expect(statements[3]).toMatch(/^DELETE FROM webhook_deliveries WHERE doc_id = \?/);
      expect(statements[4]).toMatch(/^INSERT INTO webhook_events /);
      expect(log.transactions()).toBe(1);
    });
  });

  describe('authentication', () => {
    it('is the one lookup, and a revoked token is refused on the very next request', async () => {
      const user = await givenUser(test);
      await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
      await test.app.get(ApiTokensService).revoke(user.token);
      log.reset();
      await request(test.http).get('/api/v1/docs').set(user.auth).expect(401);
      expect(log.statements()).toEqual([expect.stringMatching(AUTH_LOOKUP)]);
    });

    it("a read-only token's refused write costs the lookup alone (the scopes come with it)", async () => {
      const issued = await test.app
        .get(ApiTokensService)
        .issue({ email: owner.email, scopes: ['docs:read'] });
      const auth = { Authorization: `Bearer ${issued.token}` };
      await request(test.http).get('/api/v1/folders').set(auth).expect(200);
      log.reset();
      await request(test.http).post('/api/v1/docs').set(auth).send({ title: 'x' }).expect(403);
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(auth)
        .send({ title: 'x' })
        .expect(403);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(auth).expect(403);
      expect(log.statements()).toEqual(Array(3).fill(expect.stringMatching(AUTH_LOOKUP)));
      expect(log.transactions()).toBe(0);
    });

    it('an unknown or malformed token costs at most the lookup', async () => {
      await request(test.http)
        .get('/api/v1/docs')
        .set('Authorization', `Bearer dms_${'y'.repeat(43)}`)
        .expect(401);
      expect(log.statements()).toEqual([expect.stringMatching(AUTH_LOOKUP)]);
      log.reset();
      await request(test.http).get('/api/v1/docs').set('Authorization', 'Bearer nope').expect(401);
      expect(log.statements()).toEqual([]);
    });

    describe("records a token's last use at most once a minute", () => {
      const lastUsedWrites = () => log.statements().filter((query) => LAST_USED_WRITE.test(query));

      it('writes on first use, then not again until a minute has passed', async () => {
        const user = await givenUser(test);
        const steps = [
          { advanceMs: 0, writes: 1 },
          { advanceMs: 1, writes: 0 },
          { advanceMs: 30_000, writes: 0 },
          { advanceMs: 29_998, writes: 0 },
          { advanceMs: 1, writes: 1 },
          { advanceMs: 59_999, writes: 0 },
          { advanceMs: 1, writes: 1 },
        ];
        const seen: number[] = [];
        for (const step of steps) {
          now += step.advanceMs;
          log.reset();
          await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
          seen.push(lastUsedWrites().length);
        }
        expect(seen).toEqual(steps.map((step) => step.writes));
      });

      it('writes once for 16 requests arriving together', async () => {
        const user = await givenUser(test);
        await withListeningServer(test, async (base) => {
          log.reset();
          const responses = await Promise.all(
            Array.from({ length: 16 }, () => request(base).get('/api/v1/docs').set(user.auth)),
          );
          expect(responses.map((response) => response.status)).toEqual(Array(16).fill(200));
        });
        expect(lastUsedWrites()).toHaveLength(1);
        const [row] = await test.dataSource.query<{ last_used_at: Date | string }[]>(
          'SELECT t.last_used_at FROM api_tokens t WHERE t.user_id = ?',
          [user.id],
        );
        expect(row.last_used_at).not.toBeNull();
      });
    });
  });
});
