import request from 'supertest';
import { SearchReindexer } from '../../src/search/search-reindex';
import { givenDoc, givenSharedDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { indexedTermsOf, indexedTermsOfId } from '../support/search-index';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

interface SearchBody {
  results: {
    uuid: string;
    title: string;
    path: string | null;
    role: string;
    updated_at: string;
    version: number;
    snippet: string;
  }[];
  pagination: {
    current_page: number;
    next_page: number | null;
    prev_page: number | null;
    total_pages: number;
    total_count: number;
  };
}

describe(`GET /api/v1/search (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const search = (user: TestUser | null, query: Record<string, unknown>) => {
    const call = request(test.http).get('/api/v1/search').query(query);
    return user ? call.set(user.auth) : call;
  };
  /** The titles found for `q` (and filters), best first; fails unless the answer is 200. */
  const titlesFound = async (user: TestUser, q: string, more: Record<string, unknown> = {}) => {
    const response = await search(user, { q, ...more });
    expect(response.status).toBe(200);
    return (response.body as SearchBody).results.map((result) => result.title);
  };

  it('401 without a token', async () => {
    const response = await search(null, { q: 'anything' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: 'missing bearer token: send the header Authorization: Bearer <token>',
    });
  });

  describe('errors', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await givenUser(test);
    });

    it.each([
      [{}, 'q is required: the words to search for'],
      [{ q: '' }, 'q must not be empty'],
      [{ q: '  \t ' }, 'q must not be empty'],
      [{ q: 'x'.repeat(257) }, 'q must be at most 256 characters'],
      [{ q: ' !!! -- ' }, 'q must contain a word to search for (letters or digits)'],
      [
        { q: Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ') },
        'q must have at most 32 words (a phrase counts its words); it has 33',
      ],
      [
        { q: `"${Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')}" a b c` },
        'q must have at most 32 words (a phrase counts its words); it has 33',
      ],
      [{ q: 'a', role: 'admin' }, 'role must be one of owner, editor, viewer'],
      [{ q: 'a', path: 'reports' }, 'path must be "~" or start with "~/", as in "~/projects/2024"'],
      [{ q: 'a', per_page: 0 }, 'per_page must be an integer between 1 and 100'],
    ])('%j: 400 %s', async (query, message) => {
      const response = await search(user, query);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: message });
    });

    it('256 characters and 32 words are accepted', async () => {
      expect((await search(user, { q: 'x'.repeat(256) })).status).toBe(200);
      const words = Array.from({ length: 32 }, (_, i) => `w${i}`).join(' ');
      expect((await search(user, { q: words })).status).toBe(200);
    });
  });

  describe('matching', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await givenUser(test);
      const docs = [
        ['Café notes', '<p>We met at the café near the station.</p>'],
        ['Fox', '<p>The quick brown fox jumps over the lazy dog.</p>'],
        ['Fox reversed', '<p>The brown quick fox, a different order.</p>'],
        ['Markup', '<p title="attributevalue" class="classname">visible <b>te</b>xt</p>'],
        ['Entities', '<p>&Eacute;t&eacute; &amp; hiver &lt;tag&gt;</p>'],
        ['Blocks', '<p>first</p><p>second</p><ul><li>alpha</li><li>beta</li></ul>'],
        ['Short words', '<p>A DB is a database; I use the DB daily. ＦＵＬＬ width.</p>'],
        ['Reports', '<p>The quarterly reporting cycle.</p>'],
      ];
      for (const [title, html] of docs) await givenDoc(test, user, { title, html });
    });

    it.each([
      ['case and accents fold, both ways', 'CAFE', ['Café notes']],
      ['accented query', 'café', ['Café notes']],
      ['every word must match (AND)', 'quick lazy', ['Fox']],
      ['a phrase: the words next to each other, in order', '"quick brown"', ['Fox']],
      ['the reversed phrase', '"brown quick"', ['Fox reversed']],
      ['the last word is a prefix', 'quarterly repo', ['Reports']],
      ['not when it closes a phrase', '"quarterly repo"', []],
      ['a word inside the query is not a prefix', 'repo quarterly', []],
      ['text of tags next to each other is one word', 'text', ['Markup']],
      ['attribute values are not text', 'attributevalue', []],
      ['class names are not text', 'classname', []],
      ['entities are decoded', 'ete hiver', ['Entities']],
      ['decoded markup characters are text', 'tag', ['Entities']],
      ['blocks separate words', 'first second', ['Blocks']],
      ['blocks do not join words', 'firstsecond', []],
      ['two-letter words and stopwords', 'the DB', ['Short words']],
      ['one-letter words', '"a db"', ['Short words']],
      ['full-width letters fold', 'full width', ['Short words']],
      ['a word of the title', 'notes', ['Café notes']],
    ])('%s: %s', async (_label, q, titles) => {
      expect((await titlesFound(user, q)).sort()).toEqual([...titles].sort());
    });
  });

  describe('Chinese, Japanese and Korean', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await givenUser(test);
      const docs = [
        ['中文', '<p>我们讨论数据库迁移的计划。明天开始。</p>'],
        ['日本語', '<p>東京都の天気は晴れです。今日は会議があります。</p>'],
        ['日本語 2', '<p>データベースの移行について話しました。</p>'],
        ['한국어', '<p>내일 서울에서 만나요. 회의는 오후 세 시입니다.</p>'],
      ];
      for (const [title, html] of docs) await givenDoc(test, user, { title, html });
    });

    it.each([
      ['a Chinese word in a sentence', '数据库', ['中文']],
      ['Chinese words, AND', '迁移 计划', ['中文']],
      ['a Chinese two-character word', '明天', ['中文']],
      ['a Japanese place name of two characters', '東京', ['日本語']],
      ['a Japanese word', '天気', ['日本語']],
      ['a katakana word', 'データベース', ['日本語 2']],
      ['a Japanese phrase typed without spaces', '東京都の天気', ['日本語']],
      ['a Korean word with its particle, by the word', '서울', ['한국어']],
      ['Korean words anywhere in the query match their particles', '서울 회의', ['한국어']],
      ['a Korean word as written', '만나요', ['한국어']],
      ['a substring that is not a word is not found (京都 in 東京都)', '京都', []],
      ['nor a word that is not there', '大阪', []],
    ])('%s: %s', async (_label, q, titles) => {
      expect((await titlesFound(user, q)).sort()).toEqual([...titles].sort());
    });

    it('the snippet marks the CJK word', async () => {
      const body = (await search(user, { q: '数据库' })).body as SearchBody;
      expect(body.results[0].snippet).toBe('我们讨论<mark>数据库</mark>迁移的计划。明天开始。');
    });
  });

  describe('answer, ranking and snippets', () => {
    let user: TestUser;
    let inTitle: string;
    let inText: string;
    beforeAll(async () => {
      user = await givenUser(test);
      inTitle = await givenDoc(test, user, {
        title: 'Budget plan',
        html: '<p>Numbers for next year.</p>',
        path: '~/finance',
      });
      // Newer, but the word is only in its text: ranks second.
      inText = await givenDoc(test, user, {
        title: 'Minutes',
        html: `<p>${'Long introduction without the word. '.repeat(4)}Then the budget &amp; <i>the</i> &lt;plan&gt; came up, ${'and a long tail of other matters. '.repeat(5)}</p>`,
      });
    });

    it('whole body: title matches first, exact snippets, pagination', async () => {
      const response = await search(user, { q: 'budget' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        results: [
          {
            uuid: inTitle,
            title: 'Budget plan',
            path: '~/finance',
            role: 'owner',
            updated_at: expect.stringMatching(ISO_UTC_MS),
            version: 1,
            snippet: 'Numbers for next year.',
          },
          {
            uuid: inText,
            title: 'Minutes',
            path: '~',
            role: 'owner',
            updated_at: expect.stringMatching(ISO_UTC_MS),
            version: 1,
            snippet:
              '…the word. Long introduction without the word. Then the <mark>budget</mark> &amp; the &lt;plan&gt; came up, and a long tail of other matters. and a long tail of other matters. and a long tail of other matters. and a long…',
          },
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 2,
        },
      });
      const snippet = (response.body as SearchBody).results[1].snippet;
      const plain = snippet.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt);/g, '_');
      expect([...plain].length).toBeLessThanOrEqual(200);
    });

    it('pages: per_page 1, page 2, and a page past the end keeps the exact total', async () => {
      const second = (await search(user, { q: 'budget', per_page: 1, page: 2 })).body as SearchBody;
      expect(second.results.map((result) => result.uuid)).toEqual([inText]);
      expect(second.pagination).toEqual({
        current_page: 2,
        next_page: null,
        prev_page: 1,
        total_pages: 2,
        total_count: 2,
      });
      const past = (await search(user, { q: 'budget', per_page: 1, page: 9 })).body as SearchBody;
      expect(past.results).toEqual([]);
      expect(past.pagination.total_count).toBe(2);
    });

    it('path: the folder and its subfolders, as written (case counts)', async () => {
      const nested = await givenDoc(test, user, { title: 'budget deep', path: '~/finance/2025' });
      await givenDoc(test, user, { title: 'budget elsewhere', path: '~/Finance' });
      await givenDoc(test, user, { title: 'budget sibling', path: '~/financial' });
      expect((await titlesFound(user, 'budget', { path: '~/finance' })).sort()).toEqual(
        ['Budget plan', 'budget deep'].sort(),
      );
      expect(await titlesFound(user, 'budget', { path: '~/finance/2025' })).toEqual([
        'budget deep',
      ]);
      expect(await titlesFound(user, 'budget', { path: '~/nowhere' })).toEqual([]);
      expect((await titlesFound(user, 'budget', { path: '~' })).length).toBe(5);
      expect(nested).toBeDefined();
    });
  });

  describe('access and consistency', () => {
    let owner: TestUser;
    let viewer: TestUser;
    let stranger: TestUser;
    beforeAll(async () => {
      owner = await givenUser(test);
      viewer = await givenUser(test);
      stranger = await givenUser(test);
    });

    it('members find it with their role (path for the owner only); others do not', async () => {
      const uuid = await givenSharedDoc(test, owner, viewer, 'viewer', {
        title: 'Shared zebra',
        path: '~/zoo',
      });
      const viewerBody = (await search(viewer, { q: 'zebra' })).body as SearchBody;
      expect(viewerBody.results).toEqual([
        expect.objectContaining({ uuid, path: null, role: 'viewer' }),
      ]);
      expect(await titlesFound(viewer, 'zebra', { role: 'viewer' })).toEqual(['Shared zebra']);
      expect(await titlesFound(viewer, 'zebra', { role: 'owner' })).toEqual([]);
      expect(await titlesFound(viewer, 'zebra', { path: '~' })).toEqual([]);
      expect(await titlesFound(owner, 'zebra', { path: '~/zoo', role: 'owner' })).toEqual([
        'Shared zebra',
      ]);
      expect(await titlesFound(owner, 'zebra', { path: '~/zoo', role: 'viewer' })).toEqual([]);
      expect(await titlesFound(stranger, 'zebra')).toEqual([]);

      // Removed: at once no longer found by them.
      await request(test.http)
        .delete(`/api/v1/docs/${uuid}/users/${viewer.id}`)
        .set(owner.auth)
        .expect(204);
      expect(await titlesFound(viewer, 'zebra')).toEqual([]);
      expect(await titlesFound(owner, 'zebra')).toEqual(['Shared zebra']);
    });

    it('updates, restores, moves, trash: each is searchable when answered', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Walrus', html: '<p>tusks</p>' });
      const put = (body: object) =>
        request(test.http).put(`/api/v1/docs/${uuid}`).set(owner.auth).send(body).expect(204);
      await put({ title: 'Narwhal', html: '<p>horn</p>' });
      expect(await titlesFound(owner, 'walrus')).toEqual([]);
      expect(await titlesFound(owner, 'tusks')).toEqual([]);
      expect(await titlesFound(owner, 'narwhal horn')).toEqual(['Narwhal']);

      await request(test.http)
        .post(`/api/v1/docs/${uuid}/revisions/1/restore`)
        .set(owner.auth)
        .expect(200);
      expect(await titlesFound(owner, 'walrus tusks')).toEqual(['Walrus']);
      expect(await titlesFound(owner, 'horn')).toEqual([]);

      await put({ path: '~/sea' });
      expect(await titlesFound(owner, 'walrus', { path: '~/sea' })).toEqual(['Walrus']);

      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      expect(await titlesFound(owner, 'walrus')).toEqual([]);
      await request(test.http).post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
      expect(await titlesFound(owner, 'walrus')).toEqual(['Walrus']);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      await request(test.http).delete(`/api/v1/trash/${uuid}`).set(owner.auth).expect(204);
      expect(await titlesFound(owner, 'walrus')).toEqual([]);
    });

    it('the index holds exactly the terms of what each write left (weights: 4 a title word, 1 a text word), and nothing once deleted for good', async () => {
      const uuid = await givenDoc(test, owner, {
        title: 'Blue whale',
        html: '<p>whale song, whale</p>',
      });
      const [{ id }] = await test.dataSource.query<{ id: number }[]>(
        'SELECT id FROM docs WHERE uuid = ?',
        [uuid],
      );
      const put = (body: object) =>
        request(test.http).put(`/api/v1/docs/${uuid}`).set(owner.auth).send(body).expect(204);
      const indexed = (postings: [string, number][]) => ({
        postings,
        rare: postings.map(([term]) => term),
      });
      // As created: 4 a title word, 1 a text word, added up (`whale` twice in the text).
      const asCreated = indexed([
        ['xxblue', 4],
        ['xxsong', 1],
        ['xxwhale', 6],
      ]);
      expect(await indexedTermsOf(test, uuid)).toEqual(asCreated);

      await put({ html: '<p>krill</p>' });
      expect(await indexedTermsOf(test, uuid)).toEqual(
        indexed([
          ['xxblue', 4],
          ['xxkrill', 1],
          ['xxwhale', 4],
        ]),
      );
      await put({ title: 'Grey krill' });
      expect(await indexedTermsOf(test, uuid)).toEqual(
        indexed([
          ['xxgrey', 4],
          ['xxkrill', 5],
        ]),
      );
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/revisions/1/restore`)
        .set(owner.auth)
        .expect(200);
      expect(await indexedTermsOf(test, uuid)).toEqual(asCreated);

      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      await request(test.http).delete(`/api/v1/trash/${uuid}`).set(owner.auth).expect(204);
      expect(await indexedTermsOfId(test, Number(id))).toEqual({ postings: [], rare: [] });
    });

    it('a title alone, then the text alone, of a long document: each keeps the other findable', async () => {
      // Over 64 KiB of text: its terms are counted in the worker pool.
      const long = `<p>${'gazelle savanna '.repeat(6000)}</p>`;
      const uuid = await givenDoc(test, owner, { title: 'Impala', html: long });
      const put = (body: object) =>
        request(test.http).put(`/api/v1/docs/${uuid}`).set(owner.auth).send(body).expect(204);

      await put({ title: 'Oryx' });
      expect(await titlesFound(owner, 'impala')).toEqual([]);
      expect(await titlesFound(owner, 'oryx savanna')).toEqual(['Oryx']);

      await put({ html: `<p>${'kudu '.repeat(20000)}</p>` });
      expect(await titlesFound(owner, 'gazelle')).toEqual([]);
      expect(await titlesFound(owner, 'oryx kudu')).toEqual(['Oryx']);
    });

    it('reindex rebuilds lost terms and postings, and leaves a document written meanwhile as written', async () => {
      await givenDoc(test, owner, { title: 'Reindexed ocelot' });
      const raced = await givenDoc(test, owner, { title: 'Raced lynx' });
      await test.dataSource.query('UPDATE docs SET search_title = NULL, search_body = NULL');
      await test.dataSource.query('DELETE FROM search_postings');
      expect(await titlesFound(owner, 'ocelot')).toEqual([]);
      // A posting of a word the document does not have: the reindex reads what the index
      // holds, not what the stored terms say, and takes it away.
      const stale = await givenDoc(test, owner, { title: 'Stale tapir' });
      const [staleDoc] = await test.dataSource.query<{ id: number }[]>(
        'SELECT id FROM docs WHERE uuid = ?',
        [stale],
      );
      await test.dataSource.query(
        `INSERT INTO search_postings (bucket, term_id, doc_id, weight)
SELECT ?, id, ?, 1 FROM search_terms WHERE term = 'xxocelot'`,
        [Math.floor(Number(staleDoc.id) / 1024), staleDoc.id],
      );

      let raceRun = false;
      const [racedId] = await test.dataSource.query<{ id: number }[]>(
        'SELECT id FROM docs WHERE uuid = ?',
        [raced],
      );
      const written = await test.app.get(SearchReindexer).run(undefined, async (docId) => {
        if (docId !== Number(racedId.id) || raceRun) return;
        // The document changes between the batch's read and its write.
        raceRun = true;
        await request(test.http)
          .put(`/api/v1/docs/${raced}`)
          .set(owner.auth)
          .send({ title: 'Raced puma' })
          .expect(204);
      });
      expect(raceRun).toBe(true);
      expect(written).toBeGreaterThanOrEqual(1);
      expect(await titlesFound(owner, 'ocelot')).toEqual(['Reindexed ocelot']);
      expect((await indexedTermsOf(test, stale)).postings).toEqual([
        ['xxstale', 4],
        ['xxtapir', 4],
      ]);
      expect(await titlesFound(owner, 'puma')).toEqual(['Raced puma']);
      expect(await titlesFound(owner, 'lynx')).toEqual([]);
    });

    it('a large document (sanitised in a worker) is indexed too', async () => {
      const html = `<p>${'filler words here '.repeat(5000)}needle</p>`;
      await givenDoc(test, owner, { title: 'Haystack', html });
      const body = (await search(owner, { q: 'needle' })).body as SearchBody;
      expect(body.results.map((result) => result.title)).toEqual(['Haystack']);
      expect(body.results[0].snippet).toMatch(/<mark>needle<\/mark>$/);
    });
  });
});
