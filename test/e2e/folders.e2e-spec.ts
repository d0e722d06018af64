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
    expect(createdAt).toBeLessThanOrEqual(after);
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
});
