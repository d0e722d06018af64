import request from 'supertest';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const MISSING_TOKEN = 'missing bearer token: send the header Authorization: Bearer <token>';

interface FolderItem {
  path: string;
  created_at: string;
}

describe(`GET /api/v1/folders (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  async function foldersOf(user: TestUser): Promise<FolderItem[]> {
    const response = await request(test.http).get('/api/v1/folders').set(user.auth);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    return response.body as FolderItem[];
  }

  it('401 without a token', async () => {
    const response = await request(test.http).get('/api/v1/folders');
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer( |$)/);
    expect(response.body).toEqual({ error: MISSING_TOKEN });
  });

  it('is an empty list for a new user', async () => {
    const user = await givenUser(test);
    expect(await foldersOf(user)).toEqual([]);
  });

  it('is still empty when the user has documents only in ~', async () => {
    const user = await givenUser(test);
    await givenDoc(test, user);
    await givenDoc(test, user, { path: '~' });
    expect(await foldersOf(user)).toEqual([]);
  });

  it('lists each folder as exactly {path, created_at}, created_at in ISO 8601 UTC with ms', async () => {
    const user = await givenUser(test);
    const before = Date.now();
    await givenDoc(test, user, { path: '~/projects' });
    const after = Date.now();

    const folders = await foldersOf(user);
    expect(folders).toEqual([
      { path: '~/projects', created_at: expect.stringMatching(ISO_UTC_MS) },
    ]);
    const createdAt = Date.parse(folders[0].created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    // The service's clock never repeats a millisecond: calls within one (authentication, the
    // write) step it ahead of the wall clock by a millisecond each.
    expect(createdAt).toBeLessThanOrEqual(after + 5);
  });

  it('lists parents made with a nested folder, and keeps created_at when reused', async () => {
    const user = await givenUser(test);
    await givenDoc(test, user, { path: '~/x/y/z' });
    const first = await foldersOf(user);
    expect(first).toEqual([
      { path: '~/x', created_at: expect.stringMatching(ISO_UTC_MS) },
      { path: '~/x/y', created_at: expect.stringMatching(ISO_UTC_MS) },
      { path: '~/x/y/z', created_at: expect.stringMatching(ISO_UTC_MS) },
    ]);

    await givenDoc(test, user, { path: '~/x/y' });
    await givenDoc(test, user, { path: '~/x/y/z' });
    expect(await foldersOf(user)).toEqual(first);
  });

  it('is sorted by path in code-point order (not locale order, not UTF-16 order)', async () => {
    const user = await givenUser(test);
    // Created in an order that matches none of the orders below.
    const names = ['😀', 'a/b', 'Z', '\uFF21', 'a', 'B', 'a b', 'A', 'a-z', 'é', '\uFFFD'];
    for (const name of names) await givenDoc(test, user, { path: `~/${name}` });

    const expected = [
      '~/A', // U+0041
      '~/B', // U+0042
      '~/Z', // U+005A
      '~/a', // U+0061
      '~/a b', // '~/a' then U+0020
      '~/a-z', // '~/a' then U+002D
      '~/a/b', // '~/a' then U+002F
      '~/é', // U+00E9
      '~/\uFF21', // U+FF21 FULLWIDTH LATIN CAPITAL LETTER A
      '~/\uFFFD', // U+FFFD
      '~/😀', // U+1F600: after U+FFFD by code point, before U+FF21 in UTF-16 units
    ];
    // The expected order really differs from the other plausible orders.
    expect([...expected].sort()).not.toEqual(expected);
    expect([...expected].sort((x, y) => x.localeCompare(y))).not.toEqual(expected);

    const folders = await foldersOf(user);
    expect(folders).toEqual(
      expected.map((path) => ({ path, created_at: expect.stringMatching(ISO_UTC_MS) })),
    );
  });

  it("never shows another user's folders", async () => {
    const alice = await givenUser(test);
    const bob = await givenUser(test);
    await givenDoc(test, alice, { path: '~/alice-only/secret' });
    await givenDoc(test, alice, { path: '~/shared-name' });
    await givenDoc(test, bob, { path: '~/shared-name' });
    await givenDoc(test, bob, { path: '~/bob-only' });

    expect(await foldersOf(alice)).toEqual([
      { path: '~/alice-only', created_at: expect.stringMatching(ISO_UTC_MS) },
      { path: '~/alice-only/secret', created_at: expect.stringMatching(ISO_UTC_MS) },
      { path: '~/shared-name', created_at: expect.stringMatching(ISO_UTC_MS) },
    ]);
    expect(await foldersOf(bob)).toEqual([
      { path: '~/bob-only', created_at: expect.stringMatching(ISO_UTC_MS) },
      { path: '~/shared-name', created_at: expect.stringMatching(ISO_UTC_MS) },
    ]);

    const carol = await givenUser(test);
    expect(await foldersOf(carol)).toEqual([]);
  });

  it('orders paths that agree in their first 2,000 bytes by the rest of the path', async () => {
    const user = await givenUser(test);
    const long = `~${`/${'x'.repeat(250)}`.repeat(8)}`; // 8 names of 250 characters: 2,009 bytes
    await givenDoc(test, user, { path: `${long}/b` });
    await givenDoc(test, user, { path: `${long}/a` });
    const paths = (await foldersOf(user)).map((folder) => folder.path).slice(-2);
    expect(paths).toEqual([`${long}/a`, `${long}/b`]);
  });

  describe('pages: page, per_page (1 to 1,000, default 1,000), X-Total-Count and Link', () => {
    let user: TestUser;
    const PATHS = ['~/a', '~/b', '~/c', '~/d', '~/e'];

    beforeAll(async () => {
      user = await givenUser(test);
      for (const path of [...PATHS].reverse()) await givenDoc(test, user, { path });
    });

    const pageOf = (query: string) =>
      request(test.http).get(`/api/v1/folders${query}`).set(user.auth);
    const pathsIn = (response: request.Response) =>
      (response.body as FolderItem[]).map((folder) => folder.path);

    it.each([
      ['', PATHS, undefined],
      ['?per_page=1000', PATHS, undefined],
      ['?per_page=2', ['~/a', '~/b'], '</api/v1/folders?page=2&per_page=2>; rel="next"'],
      [
        '?page=2&per_page=2',
        ['~/c', '~/d'],
        '</api/v1/folders?page=3&per_page=2>; rel="next", </api/v1/folders?page=1&per_page=2>; rel="prev"',
      ],
      ['?page=3&per_page=2', ['~/e'], '</api/v1/folders?page=2&per_page=2>; rel="prev"'],
      ['?page=4&per_page=2', [], undefined],
      ['?page=9007199254740991&per_page=1', [], undefined],
    ])('GET /api/v1/folders%s', async (query, paths, link) => {
      const response = await pageOf(query);
      expect(response.status).toBe(200);
      expect(pathsIn(response)).toEqual(paths);
      expect(response.headers['x-total-count']).toBe('5');
      expect(response.headers.link).toBe(link);
    });

    it.each([
      ['?per_page=0', 'per_page must be an integer between 1 and 1000'],
      ['?per_page=1001', 'per_page must be an integer between 1 and 1000'],
      ['?per_page=abc', 'per_page must be an integer between 1 and 1000'],
      ['?page=0', 'page must be an integer between 1 and 9007199254740991'],
      ['?page=-1', 'page must be an integer between 1 and 9007199254740991'],
      ['?page=1.5', 'page must be an integer between 1 and 9007199254740991'],
      ['?page=1&page=2', 'page must be given once'],
      ['?per_page=1&per_page=2', 'per_page must be given once'],
    ])('GET /api/v1/folders%s is 400', async (query, error) => {
      const response = await pageOf(query);
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 400,
        body: { error },
      });
    });
  });
});
