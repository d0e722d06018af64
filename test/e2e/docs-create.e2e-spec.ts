import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { expectedUserDetails, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS, UUID, tableCounts } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const MISSING_TOKEN = 'missing bearer token: send the header Authorization: Bearer <token>';
const PATH_ROOT = 'path must be "~" or start with "~/", as in "~/projects/2024"';
const PATH_EMPTY_SEGMENT = 'path must not contain an empty folder name (as in "~/a//b" or "~/a/")';
const PATH_DOTS = 'path must not contain "." or ".." as a folder name';
const PATH_CONTROL = 'folder names must not contain control characters';
const PATH_SEGMENT_LONG = 'folder names must be at most 255 characters';

describe(`POST /api/v1/docs (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());

  function create(body: unknown, who: TestUser = user) {
    return request(test.http)
      .post('/api/v1/docs')
      .set(who.auth)
      .send(body as object);
  }

  /** Creates and expects 201; returns the new UUID. */
  async function created(body: Record<string, unknown>, who: TestUser = user): Promise<string> {
    const response = await create(body, who);
    expect(response.status).toBe(201);
    return (response.body as { uuid: string }).uuid;
  }

  async function detail(uuid: string, who: TestUser = user) {
    const response = await request(test.http).get(`/api/v1/docs/${uuid}`).set(who.auth);
    expect(response.status).toBe(200);
    return response.body as Record<string, unknown>;
  }

  function expectedDetail(
    uuid: string,
    fields: { title: string; html: string; path: string },
    who: TestUser = user,
  ) {
    return {
      id: expect.any(Number),
      uuid,
      ...fields,
      created_at: expect.stringMatching(ISO_UTC_MS),
      updated_at: expect.stringMatching(ISO_UTC_MS),
      version: 1,
      role: 'owner',
      user_docs: [{ user: expectedUserDetails(who) }],
    };
  }

  async function foldersOf(who: TestUser = user) {
    const response = await request(test.http).get('/api/v1/folders').set(who.auth).expect(200);
    return response.body as { path: string; created_at: string }[];
  }

  async function totalCount(who: TestUser = user): Promise<number> {
    const response = await request(test.http).get('/api/v1/docs').set(who.auth).expect(200);
    return (response.body as { pagination: { total_count: number } }).pagination.total_count;
  }

  /** Expects a 400 `{error}` for the body, and that no row was written anywhere. */
  async function expectRejected(body: unknown, error: string | RegExp) {
    const before = await tableCounts(test);
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(response.body).toEqual({
      error: typeof error === 'string' ? error : expect.stringMatching(error),
    });
    expect(await tableCounts(test)).toEqual(before);
  }

  it('401 without a token, and nothing is stored', async () => {
    const before = await tableCounts(test);
    const response = await request(test.http)
      .post('/api/v1/docs')
      .send({ title: 'No token', path: '~/no-token' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer( |$)/);
    expect(response.body).toEqual({ error: MISSING_TOKEN });
    expect(await tableCounts(test)).toEqual(before);
  });

  describe('success response', () => {
    it('201 with exactly {uuid} and Location: /api/v1/docs/<uuid>', async () => {
      const owner = await givenUser(test);
      const before = Date.now();
      const response = await create({ title: 'Quarterly report', html: '<p>Q3</p>' }, owner);
      const after = Date.now();
      expect(response.status).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(response.body).toEqual({ uuid: expect.stringMatching(UUID) });
      const { uuid } = response.body as { uuid: string };
      expect(response.headers.location).toBe(`/api/v1/docs/${uuid}`);

      const stored = await detail(uuid, owner);
      expect(stored).toEqual(
        expectedDetail(uuid, { title: 'Quarterly report', html: '<p>Q3</p>', path: '~' }, owner),
      );
      expect(stored.updated_at).toBe(stored.created_at);
      const createdAt = Date.parse(stored.created_at as string);
      expect(createdAt).toBeGreaterThanOrEqual(before);
      // The service's clock never repeats a millisecond: calls within one (authentication, the
      // write) step it ahead of the wall clock by a millisecond each.
      expect(createdAt).toBeLessThanOrEqual(after + 5);
      expect(await totalCount(owner)).toBe(1);
    });

    it('every document gets its own UUID', async () => {
      const uuids = [
        await created({ title: 'One' }),
        await created({ title: 'Two' }),
        await created({ title: 'Three' }),
      ];
      expect(new Set(uuids).size).toBe(3);
    });
  });

  describe('title', () => {
    it('is stored trimmed', async () => {
      const uuid = await created({ title: ' \t  Trimmed title \n ' });
      expect(await detail(uuid)).toEqual(
        expectedDetail(uuid, { title: 'Trimmed title', html: '', path: '~' }),
      );
    });

    it.each([
      ['255 emoji', '😀'.repeat(255)],
      ['254 letters and an emoji', `${'a'.repeat(254)}😀`],
      ['255 letters', 'b'.repeat(255)],
    ])('of 255 code points (%s) is accepted', async (_kind, title) => {
      const uuid = await created({ title });
      expect(await detail(uuid)).toEqual(expectedDetail(uuid, { title, html: '', path: '~' }));
    });

    it('of 255 code points with surrounding whitespace is accepted (counted after trimming)', async () => {
      const title = 'é'.repeat(255);
      const uuid = await created({ title: `   ${title}\t` });
      expect(await detail(uuid)).toEqual(expectedDetail(uuid, { title, html: '', path: '~' }));
    });

    it.each([
      ['256 emoji', '😀'.repeat(256)],
      ['255 letters and an emoji', `${'a'.repeat(255)}😀`],
      ['256 letters', 'b'.repeat(256)],
    ])('of 256 code points (%s) → 400', async (_kind, title) => {
      await expectRejected({ title }, 'title must be at most 255 characters');
    });

    it.each([
      ['empty', ''],
      ['whitespace only', ' \t\n  '],
    ])('%s → 400', async (_kind, title) => {
      await expectRejected({ title }, 'title must not be empty');
    });

    it.each([
      ['a number', 42],
      ['null', null],
      ['an array', ['Title']],
      ['an object', { text: 'Title' }],
      ['true', true],
      ['false', false],
    ])('that is %s → 400 naming title', async (_kind, title) => {
      await expectRejected({ title, html: '<p>x</p>' }, /\btitle\b/);
    });

    it.each([
      ['an empty body', {}],
      ['a body with only html and path', { html: '<p>x</p>', path: '~/no-title' }],
    ])('missing, in %s → 400 naming title', async (_kind, body) => {
      await expectRejected(body, /\btitle\b/);
    });
  });

  describe('html', () => {
    it('is optional and defaults to the empty string', async () => {
      const uuid = await created({ title: 'No html' });
      expect(await detail(uuid)).toEqual(
        expectedDetail(uuid, { title: 'No html', html: '', path: '~' }),
      );
    });

    it.each([
      ['null', null],
      ['a number', 7],
      ['true', true],
      ['an array', ['<p>x</p>']],
      ['an object', { p: 'x' }],
    ])('that is %s → 400 naming html', async (_kind, html) => {
      await expectRejected({ title: 'Bad html', html }, /\bhtml\b/);
    });

    it.each([
      ['script elements are removed', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
      [
        'script elements between paragraphs are removed',
        '<p>a</p><script type="text/javascript">document.cookie</script><p>b</p>',
        '<p>a</p><p>b</p>',
      ],
      ['onclick attributes are removed', '<p onclick="steal()">Hi</p>', '<p>Hi</p>'],
      [
        'onerror attributes are removed',
        '<img src="https://example.com/a.png" onerror="alert(1)">',
        '<img src="https://example.com/a.png">',
      ],
      ['javascript: hrefs are removed', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      [
        'javascript: hrefs in mixed case are removed',
        '<a href="JaVaScRiPt:alert(1)">x</a>',
        '<a>x</a>',
      ],
    ])('is sanitised: %s', async (_kind, html, stored) => {
      const uuid = await created({ title: 'Sanitised', html });
      expect(await detail(uuid)).toEqual(
        expectedDetail(uuid, { title: 'Sanitised', html: stored, path: '~' }),
      );
    });

    it('keeps well-formed safe markup unchanged', async () => {
      const html =
        '<h1>Title</h1><h2>Sub</h2>' +
        '<p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s>, ' +
        '<code>code</code> and <a href="https://example.com/x?a=1&amp;b=2">a link</a>.</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
        '<blockquote>quote</blockquote><pre><code>const x = 1;</code></pre>' +
        '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>D</td></tr></tbody></table>' +
        '<p class="note" style="color: red">x &lt; y &amp; z<br>line</p>' +
        '<p><img src="https://example.com/a.png" alt="pic"></p><hr>';
      const uuid = await created({ title: 'Safe', html });
      expect(await detail(uuid)).toEqual(expectedDetail(uuid, { title: 'Safe', html, path: '~' }));
    });
  });

  describe('text round-trips', () => {
    it('emoji and other non-ASCII text in title and html', async () => {
      const title = '📄 Notes 😀 👍🏽 Привет 中文';
      const html = '<p>🎉 party 👨‍👩‍👧 Ａ ñ 𝄞</p>';
      const uuid = await created({ title, html });
      expect(await detail(uuid)).toEqual(expectedDetail(uuid, { title, html, path: '~' }));
    });

    it.each([
      ["'; DROP TABLE docs; --"],
      [`O'Reilly "quoted" \\back\\slash\\ 100% under_score`],
      ['%_%\\%\\_ \'\' "" \\\\ ` ; --'],
    ])('SQL metacharacters are stored verbatim: %s', async (text) => {
      const html = `<p>${text}</p>`;
      const uuid = await created({ title: text, html });
      expect(await detail(uuid)).toEqual(expectedDetail(uuid, { title: text, html, path: '~' }));
      // The tables are all still there and whole.
      const counts = await tableCounts(test);
      expect(counts.docs).toBeGreaterThan(0);
    });

    it('SQL metacharacters in a folder name are stored verbatim', async () => {
      const owner = await givenUser(test);
      const path = `~/it's 100%_done\\ "x"; --`;
      const uuid = await created({ title: 'Odd folder', path }, owner);
      expect(await detail(uuid, owner)).toEqual(
        expectedDetail(uuid, { title: 'Odd folder', html: '', path }, owner),
      );
      expect(await foldersOf(owner)).toEqual([
        { path, created_at: expect.stringMatching(ISO_UTC_MS) },
      ]);
    });
  });

  describe('unknown fields', () => {
    it('are ignored', async () => {
      const owner = await givenUser(test);
      const response = await create(
        {
          title: 'With extras',
          id: 1,
          uuid: '00000000-0000-4000-8000-000000000000',
          owner_id: 999999,
          created_at: '2000-01-01T00:00:00.000Z',
          user_docs: [{ user: { id: 999999 } }],
          folder: '~/elsewhere',
          extra: { nested: true },
        },
        owner,
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ uuid: expect.stringMatching(UUID) });
      const { uuid } = response.body as { uuid: string };
      expect(uuid).not.toBe('00000000-0000-4000-8000-000000000000');
      const stored = await detail(uuid, owner);
      expect(stored).toEqual(
        expectedDetail(uuid, { title: 'With extras', html: '', path: '~' }, owner),
      );
      expect(stored.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      expect(await foldersOf(owner)).toEqual([]);
    });
  });

  describe('path', () => {
    it('defaults to ~ and creates no folder', async () => {
      const owner = await givenUser(test);
      const uuid = await created({ title: 'At home' }, owner);
      expect(await detail(uuid, owner)).toEqual(
        expectedDetail(uuid, { title: 'At home', html: '', path: '~' }, owner),
      );
      expect(await foldersOf(owner)).toEqual([]);
    });

    it('~ given explicitly creates no folder', async () => {
      const owner = await givenUser(test);
      const uuid = await created({ title: 'Home', path: '~' }, owner);
      expect((await detail(uuid, owner)).path).toBe('~');
      expect(await foldersOf(owner)).toEqual([]);
    });

    it('~/a/b creates ~/a and ~/a/b', async () => {
      const owner = await givenUser(test);
      const uuid = await created({ title: 'Nested', path: '~/a/b' }, owner);
      expect(await detail(uuid, owner)).toEqual(
        expectedDetail(uuid, { title: 'Nested', html: '', path: '~/a/b' }, owner),
      );
      expect(await foldersOf(owner)).toEqual([
        { path: '~/a', created_at: expect.stringMatching(ISO_UTC_MS) },
        { path: '~/a/b', created_at: expect.stringMatching(ISO_UTC_MS) },
      ]);
    });

    it('an existing folder is reused, not duplicated', async () => {
      const owner = await givenUser(test);
      await created({ title: 'First', path: '~/a/b' }, owner);
      const foldersBefore = await foldersOf(owner);
      await created({ title: 'Second', path: '~/a/b' }, owner);
      await created({ title: 'Third', path: '~/a' }, owner);
      expect(await foldersOf(owner)).toEqual(foldersBefore);
      expect(await totalCount(owner)).toBe(3);
    });

    it('surrounding whitespace of each folder name is trimmed', async () => {
      const owner = await givenUser(test);
      const uuid = await created({ title: 'Spaced', path: ' ~ /  a \t/ b c ' }, owner);
      expect((await detail(uuid, owner)).path).toBe('~/a/b c');
      expect((await foldersOf(owner)).map((folder) => folder.path)).toEqual(['~/a', '~/a/b c']);
    });

    it('a folder name of 255 code points is accepted', async () => {
      const owner = await givenUser(test);
      const path = `~/${'😀'.repeat(255)}`;
      const uuid = await created({ title: 'Long folder', path }, owner);
      expect((await detail(uuid, owner)).path).toBe(path);
      expect((await foldersOf(owner)).map((folder) => folder.path)).toEqual([path]);
    });

    it.each([
      ['null', null],
      ['a number', 1],
      ['true', true],
      ['an array', ['~', 'a']],
      ['an object', { path: '~/a' }],
    ])('that is %s → 400 naming path, nothing stored', async (_kind, path) => {
      await expectRejected({ title: 'Bad path type', path }, /\bpath\b/);
    });

    it.each([
      ['a', PATH_ROOT],
      ['', PATH_ROOT],
      ['~a', PATH_ROOT],
      ['/~/a', PATH_ROOT],
      ['home/a', PATH_ROOT],
      ['~/', PATH_EMPTY_SEGMENT],
      ['~//x', PATH_EMPTY_SEGMENT],
      ['~/a/', PATH_EMPTY_SEGMENT],
      ['~/   /b', PATH_EMPTY_SEGMENT],
      ['~/..', PATH_DOTS],
      ['~/.', PATH_DOTS],
      ['~/a/../b', PATH_DOTS],
      ['~/a\u0001b', PATH_CONTROL],
      ['~/a\nb', PATH_CONTROL],
      ['~/a\u007fb', PATH_CONTROL],
      ['~/ok/tab\there', PATH_CONTROL],
      [`~/${'x'.repeat(256)}`, PATH_SEGMENT_LONG],
      [`~/ok/${'😀'.repeat(256)}`, PATH_SEGMENT_LONG],
    ])('%j → 400, no document and no folder stored', async (path, error) => {
      await expectRejected({ title: 'Bad path', path }, error);
    });
  });

  describe('atomicity and concurrency', () => {
    it('20 parallel creates into the same new nested folder make it exactly once', async () => {
      const owner = await givenUser(test);
      // A listening server of our own, so that parallel requests share it.
      const server: Server = createServer(test.app.getHttpAdapter().getInstance());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const base = `http://127.0.0.1:${port}`;
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            request(base)
              .post('/api/v1/docs')
              .set(owner.auth)
              .send({ title: `Race ${index}`, path: '~/race/deep' }),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
        const uuids = responses.map((response) => (response.body as { uuid: string }).uuid);
        expect(new Set(uuids).size).toBe(20);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }

      expect(await foldersOf(owner)).toEqual([
        { path: '~/race', created_at: expect.stringMatching(ISO_UTC_MS) },
        { path: '~/race/deep', created_at: expect.stringMatching(ISO_UTC_MS) },
      ]);
      expect(await totalCount(owner)).toBe(20);
      const inFolder = await request(test.http)
        .get('/api/v1/docs')
        .query({ path: '~/race/deep', per_page: 100 })
        .set(owner.auth)
        .expect(200);
      expect(inFolder.body.pagination.total_count).toBe(20);
    });

    it('a failure inside the transaction leaves no half-written rows', async () => {
      const owner = await givenUser(test);
      // A late write of a create (the owner's user_docs row) fails: the folders and the
      // document written before it in the same transaction must be rolled back.
      const trigger = 'e2e_fail_user_docs_insert';
      await test.dataSource.query(
        databaseKind === 'mysql'
          ? `CREATE TRIGGER ${trigger} BEFORE INSERT ON user_docs FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'forced failure'`
          : `CREATE TRIGGER ${trigger} BEFORE INSERT ON user_docs BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
      );
      const before = await tableCounts(test);
      let response: request.Response;
      try {
        response = await create({ title: 'Half', html: '<p>x</p>', path: '~/tx/inner' }, owner);
      } finally {
        await test.dataSource.query(`DROP TRIGGER ${trigger}`);
      }
      expect(response.status).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(response.body).toEqual({ error: 'internal server error' });
      expect(await tableCounts(test)).toEqual(before);
      expect(await foldersOf(owner)).toEqual([]);
      expect(await totalCount(owner)).toBe(0);

      // With the failure gone, the same request succeeds and writes every row.
      const uuid = await created({ title: 'Whole', html: '<p>x</p>', path: '~/tx/inner' }, owner);
      expect(await tableCounts(test)).toEqual({
        docs: before.docs + 1,
        user_docs: before.user_docs + 1,
        folders: before.folders + 2,
      });
      expect(await detail(uuid, owner)).toEqual(
        expectedDetail(uuid, { title: 'Whole', html: '<p>x</p>', path: '~/tx/inner' }, owner),
      );
    });
  });
});
