import request from 'supertest';
import { In } from 'typeorm';
import { Doc } from '../../src/docs/documents/entities/doc.entity';
import { UserDoc } from '../../src/docs/access/entities/user-doc.entity';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const PAGE_RULE = 'page must be an integer between 1 and 9007199254740991';
const PER_PAGE_RULE = 'per_page must be an integer between 1 and 100';
/** The server's clock never goes back but may run a little ahead under bursts of requests. */
const CLOCK_SLACK_MS = 1000;

const EMPTY_PAGE_ONE = {
  docs: [],
  pagination: { current_page: 1, next_page: null, prev_page: null, total_pages: 0, total_count: 0 },
};

interface ListItem {
  id: number;
  uuid: string;
  title: string;
  path: string;
  created_at: string;
  updated_at: string;
  user_docs: { user: Record<string, unknown> }[];
}

interface ListBody {
  docs: ListItem[];
  pagination: {
    current_page: number;
    next_page: number | null;
    prev_page: number | null;
    total_pages: number;
    total_count: number;
  };
}

describe(`GET /api/v1/docs (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  async function list(user: TestUser, query: Record<string, string | number> = {}) {
    const response = await request(test.http).get('/api/v1/docs').set(user.auth).query(query);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response;
  }

  async function listOk(user: TestUser, query: Record<string, string | number> = {}) {
    const response = await list(user, query);
    expect(response.status).toBe(200);
    return response.body as ListBody;
  }

  /** Creates `count` documents one after the other; returns their UUIDs in creation order. */
  async function givenDocs(user: TestUser, count: number, body: Record<string, unknown> = {}) {
    const uuids: string[] = [];
    for (let i = 0; i < count; i++) uuids.push(await givenDoc(test, user, body));
    return uuids;
  }

  const uuidsOf = (body: ListBody) => body.docs.map((doc) => doc.uuid);

  describe('authentication', () => {
    it('answers 401 with a JSON error and a Bearer challenge when no token is sent', async () => {
      const response = await request(test.http).get('/api/v1/docs');
      expect(response.status).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('answers 401 for an unknown token', async () => {
      const response = await request(test.http)
        .get('/api/v1/docs')
        .set('Authorization', `Bearer dms_${'x'.repeat(43)}`);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(response.body).toEqual({ error: 'invalid bearer token' });
    });

    it('answers 401 for another scheme', async () => {
      const user = await givenUser(test);
      const response = await request(test.http)
        .get('/api/v1/docs')
        .set('Authorization', `Basic ${user.token}`);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(response.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('a new user', () => {
    it('gets an empty first page', async () => {
      const user = await givenUser(test);
      expect(await listOk(user)).toEqual(EMPTY_PAGE_ONE);
    });
  });

  describe('items', () => {
    it('are the whole document with its owner, without html, and Gravatar when no avatar', async () => {
      const user = await givenUser(test, { email: `Mixed.Case.${Date.now()}@Example.COM` });
      const before = Date.now();
      const uuid = await givenDoc(test, user, {
        title: 'Quarterly report',
        html: '<p>secret content</p>',
      });
      const after = Date.now();

      const body = await listOk(user);
      expect(body).toEqual({
        docs: [
          {
            id: expect.any(Number),
            uuid,
            title: 'Quarterly report',
            path: '~',
            created_at: expect.stringMatching(ISO_UTC_MS),
            updated_at: expect.stringMatching(ISO_UTC_MS),
            version: 1,
            role: 'owner',
            user_docs: [{ user: expectedUserDetails(user) }],
          },
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 1,
        },
      });
      const [item] = body.docs;
      expect(item).not.toHaveProperty('html');
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.id).toBeGreaterThan(0);
      expect(item.user_docs[0].user.avatar_url).toMatch(
        /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=identicon$/,
      );
      for (const stamp of [item.created_at, item.updated_at]) {
        const time = new Date(stamp).getTime();
        expect(time).toBeGreaterThanOrEqual(before);
        expect(time).toBeLessThanOrEqual(after + CLOCK_SLACK_MS);
      }
    });

    it("carry the user's own avatar_url when the user has one", async () => {
      const user = await givenUser(test, { avatarUrl: 'https://cdn.example.com/avatars/ada.png' });
      const uuid = await givenDoc(test, user, { title: 'With avatar', path: '~/notes' });
      const body = await listOk(user);
      expect(body.docs).toEqual([
        {
          id: expect.any(Number),
          uuid,
          title: 'With avatar',
          path: '~/notes',
          created_at: expect.stringMatching(ISO_UTC_MS),
          updated_at: expect.stringMatching(ISO_UTC_MS),
          version: 1,
          role: 'owner',
          user_docs: [
            {
              user: expectedUserDetails(user),
            },
          ],
        },
      ]);
    });

    it('show the same id and timestamps as GET /docs/{uuid}', async () => {
      const user = await givenUser(test);
      const uuid = await givenDoc(test, user, { title: 'Cross-check', path: '~/x/y' });
      const [item] = (await listOk(user)).docs;
      const detail = await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth);
      expect(detail.status).toBe(200);
      expect(item).toEqual({
        id: detail.body.id,
        uuid,
        title: 'Cross-check',
        path: '~/x/y',
        created_at: detail.body.created_at,
        updated_at: detail.body.updated_at,
        version: 1,
        role: 'owner',
        user_docs: [{ user: expectedUserDetails(user) }],
      });
    });
  });

  describe('order', () => {
    it('is most recently updated first; an updated older document moves to the top', async () => {
      const user = await givenUser(test);
      const [first, second, third] = await givenDocs(user, 3);
      expect(uuidsOf(await listOk(user))).toEqual([third, second, first]);

      await request(test.http)
        .put(`/api/v1/docs/${first}`)
        .set(user.auth)
        .send({ title: 'Touched' })
        .expect(204);

      const body = await listOk(user);
      expect(uuidsOf(body)).toEqual([first, third, second]);
      expect(body.docs[0].title).toBe('Touched');
      const [top, next] = body.docs;
      expect(new Date(top.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(next.updated_at).getTime(),
      );
      expect(body.pagination.total_count).toBe(3);
    });

    it('breaks ties of updated_at by id, highest first', async () => {
      const user = await givenUser(test);
      const uuids = await givenDocs(user, 4);
      const idOf = new Map((await listOk(user)).docs.map((doc) => [doc.uuid, doc.id]));
      // Give three of them the same updated_at, older than the fourth's, directly in the database.
      const tied = new Date('2001-02-03T04:05:06.789Z');
      const tiedUuids = [uuids[2], uuids[0], uuids[3]];
      const tiedIds = tiedUuids.map((uuid) => idOf.get(uuid)!);
      await test.dataSource.getRepository(Doc).update({ id: In(tiedIds) }, { updatedAt: tied });
      // The list orders by each user's copy of updated_at.
      await test.dataSource
        .getRepository(UserDoc)
        .update({ docId: In(tiedIds) }, { docUpdatedAt: tied });

      const body = await listOk(user);
      const tiedByIdDesc = [...tiedUuids].sort((a, b) => idOf.get(b)! - idOf.get(a)!);
      expect(uuidsOf(body)).toEqual([uuids[1], ...tiedByIdDesc]);
      expect(body.docs.slice(1).map((doc) => doc.updated_at)).toEqual([
        tied.toISOString(),
        tied.toISOString(),
        tied.toISOString(),
      ]);
    });
  });

  describe('pagination', () => {
    let user: TestUser;
    /** 25 documents, newest first (the list's order). */
    let newestFirst: string[];

    beforeAll(async () => {
      user = await givenUser(test);
      newestFirst = (await givenDocs(user, 25)).reverse();
    });

    it('defaults to page 1 with 20 per page', async () => {
      expect(await listOk(user)).toEqual({
        docs: newestFirst.slice(0, 20).map((uuid) => expect.objectContaining({ uuid })),
        pagination: {
          current_page: 1,
          next_page: 2,
          prev_page: null,
          total_pages: 2,
          total_count: 25,
        },
      });
    });

    it('gives the remaining 5 on page 2 with the default per_page', async () => {
      expect(await listOk(user, { page: 2 })).toEqual({
        docs: newestFirst.slice(20).map((uuid) => expect.objectContaining({ uuid })),
        pagination: {
          current_page: 2,
          next_page: null,
          prev_page: 1,
          total_pages: 2,
          total_count: 25,
        },
      });
    });

    it('follows Kaminari on the first, a middle, the last and past the last page', async () => {
      const pages = [
        { page: 1, docs: newestFirst.slice(0, 10), next_page: 2, prev_page: null },
        { page: 2, docs: newestFirst.slice(10, 20), next_page: 3, prev_page: 1 },
        { page: 3, docs: newestFirst.slice(20), next_page: null, prev_page: 2 },
        { page: 4, docs: [], next_page: null, prev_page: null },
        { page: 101, docs: [], next_page: null, prev_page: null },
      ];
      for (const expected of pages) {
        const body = await listOk(user, { page: expected.page, per_page: 10 });
        expect({ page: expected.page, body }).toEqual({
          page: expected.page,
          body: {
            docs: expected.docs.map((uuid) => expect.objectContaining({ uuid })),
            pagination: {
              current_page: expected.page,
              next_page: expected.next_page,
              prev_page: expected.prev_page,
              total_pages: 3,
              total_count: 25,
            },
          },
        });
      }
    });

    it('accepts per_page 1 (one document per page)', async () => {
      expect(await listOk(user, { per_page: 1, page: 2 })).toEqual({
        docs: [expect.objectContaining({ uuid: newestFirst[1] })],
        pagination: {
          current_page: 2,
          next_page: 3,
          prev_page: 1,
          total_pages: 25,
          total_count: 25,
        },
      });
    });

    it('accepts per_page 100 (everything on one page)', async () => {
      const body = await listOk(user, { per_page: 100 });
      expect(uuidsOf(body)).toEqual(newestFirst);
      expect(body.pagination).toEqual({
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 25,
      });
    });

    it('pages with an exact multiple end with no next page', async () => {
      const body = await listOk(user, { per_page: 5, page: 5 });
      expect(uuidsOf(body)).toEqual(newestFirst.slice(20));
      expect(body.pagination).toEqual({
        current_page: 5,
        next_page: null,
        prev_page: 4,
        total_pages: 5,
        total_count: 25,
      });
    });

    const badValues = ['0', '-1', '1.5', 'abc', '', '1e1', ' 2', '+1', '0x10'];

    it.each([...badValues, '9007199254740992', '9007199254740993'])(
      'answers 400 naming page for page=%j',
      async (value) => {
        const response = await list(user, { page: value });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: PAGE_RULE });
      },
    );

    it.each([...badValues, '101', '1000'])(
      'answers 400 naming per_page for per_page=%j',
      async (value) => {
        const response = await list(user, { per_page: value });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: PER_PAGE_RULE });
      },
    );

    it.each([
      'page=1&page=2',
      'per_page=5&per_page=6',
      'role=owner&role=viewer',
      'path=~&path=~/a',
    ])('answers 400 saying which parameter is given twice: %s', async (query) => {
      const response = await request(test.http).get(`/api/v1/docs?${query}`).set(user.auth);
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 400,
        body: { error: `${query.split('=')[0]} must be given once` },
      });
    });
  });

  describe('path filter', () => {
    let user: TestUser;
    let home: string[];
    let inA: string[];
    let inAB: string[];
    let inC: string;

    beforeAll(async () => {
      user = await givenUser(test);
      home = [await givenDoc(test, user, { title: 'home 1' })];
      inA = [await givenDoc(test, user, { title: 'a 1', path: '~/a' })];
      inAB = [await givenDoc(test, user, { title: 'ab 1', path: '~/a/b' })];
      home.push(await givenDoc(test, user, { title: 'home 2', path: '~' }));
      inA.push(await givenDoc(test, user, { title: 'a 2', path: '~/a' }));
      inC = await givenDoc(test, user, { title: 'c 1', path: '~/c' });
    });

    it('path=~ lists the home folder only', async () => {
      const body = await listOk(user, { path: '~' });
      expect(body).toEqual({
        docs: [
          expect.objectContaining({ uuid: home[1], path: '~', title: 'home 2' }),
          expect.objectContaining({ uuid: home[0], path: '~', title: 'home 1' }),
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 2,
        },
      });
    });

    it('path=~/a lists the documents directly in ~/a, not those of ~/a/b', async () => {
      const body = await listOk(user, { path: '~/a' });
      expect(body).toEqual({
        docs: [
          expect.objectContaining({ uuid: inA[1], path: '~/a' }),
          expect.objectContaining({ uuid: inA[0], path: '~/a' }),
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 2,
        },
      });
    });

    it('path=~/a/b lists the nested folder', async () => {
      const body = await listOk(user, { path: '~/a/b' });
      expect(uuidsOf(body)).toEqual([inAB[0]]);
      expect(body.docs[0].path).toBe('~/a/b');
      expect(body.pagination.total_count).toBe(1);
    });

    it('trims whitespace around folder names as on creation', async () => {
      const body = await listOk(user, { path: ' ~ / c ' });
      expect(uuidsOf(body)).toEqual([inC]);
    });

    it('paginates within the folder', async () => {
      expect(await listOk(user, { path: '~/a', per_page: 1, page: 2 })).toEqual({
        docs: [expect.objectContaining({ uuid: inA[0] })],
        pagination: {
          current_page: 2,
          next_page: null,
          prev_page: 1,
          total_pages: 2,
          total_count: 2,
        },
      });
    });

    it('without a filter lists every folder', async () => {
      const body = await listOk(user);
      expect(uuidsOf(body)).toEqual([inC, inA[1], home[1], inAB[0], inA[0], home[0]]);
    });

    it.each(['~/nope', '~/a/nope', '~/b'])(
      'a folder that does not exist (%s) gives 200 with no documents',
      async (path) => {
        expect(await listOk(user, { path })).toEqual(EMPTY_PAGE_ONE);
      },
    );

    it.each(['a', '', '/a', '~a', '~/a/', '~//a', '~/a/../b', '~/.', 'x/~'])(
      'a malformed path (%j) gives 400 naming path',
      async (path) => {
        const response = await list(user, { path });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: expect.stringMatching(/path|folder name/) });
      },
    );

    it('a path not starting with ~ gives the exact rule', async () => {
      const response = await list(user, { path: 'docs' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'path must be "~" or start with "~/", as in "~/projects/2024"',
      });
    });
  });

  describe('user isolation', () => {
    it("a user never sees another user's documents and counts are per user", async () => {
      const alice = await givenUser(test);
      const bob = await givenUser(test);
      const aliceDocs = [
        await givenDoc(test, alice, { title: 'alice home' }),
        await givenDoc(test, alice, { title: 'alice a', path: '~/shared-name' }),
        await givenDoc(test, alice, { title: 'alice b', path: '~/shared-name' }),
      ];
      const bobDoc = await givenDoc(test, bob, { title: 'bob home' });

      const forBob = await listOk(bob);
      expect(forBob).toEqual({
        docs: [
          expect.objectContaining({
            uuid: bobDoc,
            user_docs: [{ user: expectedUserDetails(bob) }],
          }),
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 1,
        },
      });

      const forAlice = await listOk(alice);
      expect(uuidsOf(forAlice)).toEqual([...aliceDocs].reverse());
      expect(forAlice.pagination.total_count).toBe(3);
      for (const doc of forAlice.docs) {
        expect(doc.user_docs).toEqual([{ user: expectedUserDetails(alice) }]);
      }

      // Alice's folder is not Bob's: for him it does not exist.
      expect(await listOk(bob, { path: '~/shared-name' })).toEqual(EMPTY_PAGE_ONE);
      expect(await listOk(bob, { page: 2, per_page: 1 })).toEqual({
        docs: [],
        pagination: {
          current_page: 2,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 1,
        },
      });
    });
  });
});
