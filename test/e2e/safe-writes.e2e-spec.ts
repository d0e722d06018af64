import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { givenDoc, givenSharedDoc, givenUser, TestUser } from '../support/builders';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** The headers Node's fetch() sends with these, as a server receives them. */
async function headersFetchSends(headers: Record<string, string>) {
  const server = createServer((received, answer) => answer.end(JSON.stringify(received.headers)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return (await response.json()) as Record<string, string>;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Versions and conditional requests (the contract's "Safe writes"): `version` and the strong
 * `ETag`, `If-None-Match` on reads, `If-Match` on updates and deletes.
 */
describe(`versions and conditional requests (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
  });
  afterAll(() => test.close());

  const docPath = (uuid: string) => `/api/v1/docs/${uuid}`;

  function get(uuid: string, headers: Record<string, string> = {}, who = owner) {
    return request(test.http).get(docPath(uuid)).set(who.auth).set(headers);
  }

  function put(uuid: string, body: object, headers: Record<string, string> = {}, who = owner) {
    return request(test.http).put(docPath(uuid)).set(who.auth).set(headers).send(body);
  }

  function remove(uuid: string, headers: Record<string, string> = {}, who = owner) {
    return request(test.http).delete(docPath(uuid)).set(who.auth).set(headers);
  }

  async function stored(uuid: string) {
    const response = await get(uuid).expect(200);
    return response.body as { title: string; version: number; updated_at: string };
  }

  function expect412(response: request.Response, current: number) {
    expect({
      status: response.status,
      etag: response.headers.etag,
      body: response.body,
    }).toEqual({
      status: 412,
      etag: `"${current}"`,
      body: {
        error: `the document has changed: its current version is ${current} (ETag "${current}"); fetch it and apply your change again`,
      },
    });
  }

  describe('version and ETag', () => {
    it('GET answers 401 without a token, with no ETag', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http).get(docPath(uuid));
      expect(response.status).toBe(401);
      expect(response.headers.etag).toBeUndefined();
    });

    it('a new document is version 1, sent as the strong ETag "1", also in the list', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await get(uuid);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBe('"1"');
      expect(response.body.version).toBe(1);
      const list = await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
      expect(list.body.docs[0]).toEqual(expect.objectContaining({ uuid, version: 1 }));
    });

    it('each update moves the version one up and answers with the new ETag', async () => {
      const uuid = await givenDoc(test, owner);
      for (const version of [2, 3, 4]) {
        const response = await put(uuid, { title: `v${version}` });
        expect(response.status).toBe(204);
        expect(response.headers.etag).toBe(`"${version}"`);
        expect((await get(uuid)).headers.etag).toBe(`"${version}"`);
      }
      expect(await stored(uuid)).toEqual(expect.objectContaining({ title: 'v4', version: 4 }));
    });

    it('an editor’s update moves it too; sharing does not', async () => {
      const editor = await givenUser(test);
      const uuid = await givenSharedDoc(test, owner, editor, 'editor');
      expect((await stored(uuid)).version).toBe(1);
      const response = await put(uuid, { html: '<p>edited</p>' }, {}, editor);
      expect(response.headers.etag).toBe('"2"');
      expect((await stored(uuid)).version).toBe(2);
    });
  });

  describe('If-None-Match on GET', () => {
    let uuid: string;

    beforeAll(async () => {
      uuid = await givenDoc(test, owner, { title: 'Cached' });
      await put(uuid, { title: 'Cached v2' }).expect(204);
    });

    it.each(['"2"', 'W/"2"', '"1", "2"', '"1",W/"2"', '"a,b", "2"', ' * '])(
      'answers 304 with no body for %s',
      async (tag) => {
        const response = await get(uuid, { 'If-None-Match': tag });
        expect(response.status).toBe(304);
        expect(response.text).toBe('');
        expect(response.headers.etag).toBe('"2"');
      },
    );

    it.each(['"1"', '"3"', 'W/"1"', '"02"', '2', '"1", W/"3"', 'garbage'])(
      'answers 200 with the document for %s',
      async (tag) => {
        const response = await get(uuid, { 'If-None-Match': tag });
        expect(response.status).toBe(200);
        expect(response.body).toEqual(
          expect.objectContaining({ uuid, title: 'Cached v2', version: 2 }),
        );
      },
    );

    it.each<Record<string, string>>([
      { 'Cache-Control': 'no-cache' },
      { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      { 'Cache-Control': 'max-age=0' },
      { 'Cache-Control': 'no-store' },
      { Pragma: 'no-cache' },
    ])('answers 304 whatever the request asks of caches: %p', async (caching) => {
      const response = await get(uuid, { 'If-None-Match': '"2"', ...caching });
      expect({ status: response.status, text: response.text, etag: response.headers.etag }).toEqual(
        { status: 304, text: '', etag: '"2"' },
      );
    });

    it(`answers 304 to Node's own fetch() (Node ${process.versions.node}), which sends Cache-Control: no-cache with it`, async () => {
      const answer = await withListeningServer(test, async (base) => {
        const response = await fetch(`${base}${docPath(uuid)}`, {
          headers: { ...owner.auth, 'If-None-Match': '"2"' },
        });
        return {
          status: response.status,
          etag: response.headers.get('etag'),
          body: await response.text(),
        };
      });
      expect(answer).toEqual({ status: 304, etag: '"2"', body: '' });
      // fetch() revalidates as the Fetch standard says for a request with If-None-Match:
      // these two headers are why the framework's own freshness check answered 200.
      expect(await headersFetchSends({ 'If-None-Match': '"2"' })).toMatchObject({
        'cache-control': 'no-cache',
        pragma: 'no-cache',
      });
    });

    it('and 200 with the document to fetch() when the tag is not the current one', async () => {
      const answer = await withListeningServer(test, async (base) => {
        const response = await fetch(`${base}${docPath(uuid)}`, {
          headers: { ...owner.auth, 'If-None-Match': '"1"' },
        });
        return { status: response.status, body: await response.json() };
      });
      expect(answer).toEqual({
        status: 200,
        body: expect.objectContaining({ uuid, title: 'Cached v2', version: 2 }),
      });
    });

    it('answers 404, not 304, to a user who does not have the document', async () => {
      const stranger = await givenUser(test);
      const response = await get(uuid, { 'If-None-Match': '"2"' }, stranger);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'document not found' });
    });
  });

  describe('If-Match on PUT', () => {
    it('writes when it names the current version, and answers the next ETag', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await put(uuid, { title: 'Checked' }, { 'If-Match': '"1"' });
      expect(response.status).toBe(204);
      expect(response.headers.etag).toBe('"2"');
      expect(await stored(uuid)).toEqual(expect.objectContaining({ title: 'Checked', version: 2 }));
    });

    it.each(['*', '"7", "2"', ' "2" , "9" '])('writes for %s', async (tag) => {
      const uuid = await givenDoc(test, owner);
      await put(uuid, { title: 'second' }).expect(204);
      const response = await put(uuid, { title: 'third' }, { 'If-Match': tag });
      expect(response.status).toBe(204);
      expect(response.headers.etag).toBe('"3"');
    });

    it.each(['"1"', '"abc"', '"1", "3"', 'W/"1", "3"'])(
      'answers 412 with the current version for %s, and changes nothing',
      async (tag) => {
        const uuid = await givenDoc(test, owner, { title: 'Original' });
        await put(uuid, { title: 'Second' }).expect(204);
        const before = await stored(uuid);
        expect412(await put(uuid, { title: 'Lost update' }, { 'If-Match': tag }), 2);
        expect(await stored(uuid)).toEqual(before);
      },
    );

    it.each(['W/"2"', 'W/"1", W/"2"'])(
      'answers 412 saying weak tags never match for %s (even the current one), and changes nothing',
      async (tag) => {
        const uuid = await givenDoc(test, owner, { title: 'Original' });
        await put(uuid, { title: 'Second' }).expect(204);
        const before = await stored(uuid);
        const response = await put(uuid, { title: 'Lost update' }, { 'If-Match': tag });
        expect({
          status: response.status,
          etag: response.headers.etag,
          body: response.body,
        }).toEqual({
          status: 412,
          etag: '"2"',
          body: {
            error:
              'If-Match compares strongly, so weak tags (W/"...") never match: send the ETag as given; the current version is 2 (ETag "2")',
          },
        });
        expect(await stored(uuid)).toEqual(before);
      },
    );

    it.each(['2', '"2', 'W/2', '"2" "3"', '*, "2"'])(
      'answers 400 for a malformed If-Match %p, and changes nothing',
      async (tag) => {
        const uuid = await givenDoc(test, owner, { title: 'Original' });
        const before = await stored(uuid);
        const response = await put(uuid, { title: 'x' }, { 'If-Match': tag });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error:
            'If-Match must be * or a comma-separated list of entity tags such as "3" (as sent in ETag)',
        });
        expect(await stored(uuid)).toEqual(before);
      },
    );

    it('answers 404 (not 412) to a user who does not have it, and 403 to a viewer', async () => {
      const viewer = await givenUser(test);
      const stranger = await givenUser(test);
      const uuid = await givenSharedDoc(test, owner, viewer, 'viewer');
      const notFound = await put(uuid, { title: 'x' }, { 'If-Match': '"9"' }, stranger);
      expect({ status: notFound.status, body: notFound.body }).toEqual({
        status: 404,
        body: { error: 'document not found' },
      });
      const forbidden = await put(uuid, { title: 'x' }, { 'If-Match': '"1"' }, viewer);
      expect({ status: forbidden.status, body: forbidden.body }).toEqual({
        status: 403,
        body: { error: 'only the owner or an editor may change this document; you are a viewer' },
      });
      expect((await stored(uuid)).version).toBe(1);
    });

    it('without If-Match the last write wins, as in 1.0', async () => {
      const uuid = await givenDoc(test, owner);
      await put(uuid, { title: 'one' }).expect(204);
      await put(uuid, { title: 'two' }).expect(204);
      expect(await stored(uuid)).toEqual(expect.objectContaining({ title: 'two', version: 3 }));
    });

    it('of 50 concurrent PUTs holding the same version, exactly one wins; the rest get 412', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Contended' });
      const { version } = await stored(uuid);
      const titles = Array.from({ length: 50 }, (_, i) => `writer ${i}`);
      const responses = await withListeningServer(test, (base) =>
        Promise.all(
          titles.map((title) =>
            request(base)
              .put(docPath(uuid))
              .set(owner.auth)
              .set('If-Match', `"${version}"`)
              .send({ title }),
          ),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 204)).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(49);
      const winner = titles[statuses.indexOf(204)];
      expect(await stored(uuid)).toEqual(
        expect.objectContaining({ title: winner, version: version + 1 }),
      );
      for (const response of responses.filter((r) => r.status === 412)) {
        expect412(response, version + 1);
      }
    });
  });

  describe('If-Match on DELETE', () => {
    it('answers 412 for another version and keeps the document', async () => {
      const uuid = await givenDoc(test, owner);
      await put(uuid, { title: 'changed' }).expect(204);
      expect412(await remove(uuid, { 'If-Match': '"1"' }), 2);
      expect((await stored(uuid)).version).toBe(2);
    });

    it('deletes when it names the current version', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await remove(uuid, { 'If-Match': '"1"' });
      expect(response.status).toBe(204);
      expect((await get(uuid)).status).toBe(404);
    });

    it('answers 400 for a malformed If-Match and keeps the document', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await remove(uuid, { 'If-Match': 'one' });
      expect(response.status).toBe(400);
      expect((await get(uuid)).status).toBe(200);
    });

    it('a conditional update and a conditional delete of the same version: one wins', async () => {
      const uuid = await givenDoc(test, owner);
      const [updated, deleted] = await withListeningServer(test, (base) =>
        Promise.all([
          request(base)
            .put(docPath(uuid))
            .set(owner.auth)
            .set('If-Match', '"1"')
            .send({ title: 'x' }),
          request(base).delete(docPath(uuid)).set(owner.auth).set('If-Match', '"1"'),
        ]),
      );
      const outcome = [updated.status, deleted.status].sort();
      // The update first: the delete sees version 2 (412). The delete first: the update finds nothing (404).
      expect([
        [204, 412],
        [204, 404],
      ]).toContainEqual(outcome);
      expect((await get(uuid)).status).toBe(deleted.status === 204 ? 404 : 200);
    });
  });
});
