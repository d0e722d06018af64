import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import {
  expectedUserDetails,
  givenDoc,
  givenSharedDoc,
  givenUser,
  TestUser,
} from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const NOT_FOUND = { error: 'document not found' };
const notKept = (version: number) => ({
  error: `version ${version} of this document does not exist or is no longer kept`,
});

interface DocDetail {
  title: string;
  html: string;
  path: string | null;
  updated_at: string;
  version: number;
}

describe(`revisions: /api/v1/docs/{uuid}/revisions (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    editor = await givenUser(test);
    viewer = await givenUser(test);
    stranger = await givenUser(test);
  });
  afterAll(() => test.close());

  const revisionsOf = (uuid: string) => `/api/v1/docs/${uuid}/revisions`;

  async function getDoc(user: TestUser, uuid: string): Promise<DocDetail> {
    const response = await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth);
    expect(response.status).toBe(200);
    return response.body as DocDetail;
  }

  async function put(user: TestUser, uuid: string, body: object, ifMatch?: string) {
    const call = request(test.http).put(`/api/v1/docs/${uuid}`).set(user.auth);
    if (ifMatch !== undefined) call.set('If-Match', ifMatch);
    return call.send(body);
  }

  /** A document shared with the editor and the viewer, written three times: by owner, editor, owner. */
  async function givenHistory() {
    const uuid = await givenSharedDoc(test, owner, editor, 'editor', {
      title: 'First',
      html: '<p>one</p>',
    });
    await request(test.http)
      .post(`/api/v1/docs/${uuid}/users`)
      .set(owner.auth)
      .send({ email: viewer.email, role: 'viewer' })
      .expect(201);
    const v1 = await getDoc(owner, uuid);
    expect((await put(editor, uuid, { html: '<p>two</p>' })).status).toBe(204);
    const v2 = await getDoc(owner, uuid);
    expect((await put(owner, uuid, { title: 'Third' })).status).toBe(204);
    const v3 = await getDoc(owner, uuid);
    return { uuid, v1, v2, v3 };
  }

  describe('GET /docs/{uuid}/revisions', () => {
    it('401 without a token', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http).get(revisionsOf(uuid));
      expect(response.status).toBe(401);
    });

    it('every version, newest first, with who wrote it and when, without html', async () => {
      const { uuid, v1, v2, v3 } = await givenHistory();
      const response = await request(test.http).get(revisionsOf(uuid)).set(viewer.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        revisions: [
          {
            version: 3,
            title: 'Third',
            created_at: v3.updated_at,
            user: expectedUserDetails(owner),
          },
          {
            version: 2,
            title: 'First',
            created_at: v2.updated_at,
            user: expectedUserDetails(editor),
          },
          {
            version: 1,
            title: 'First',
            created_at: v1.updated_at,
            user: expectedUserDetails(owner),
          },
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 3,
        },
      });
    });

    it('in pages', async () => {
      const { uuid } = await givenHistory();
      const response = await request(test.http)
        .get(revisionsOf(uuid))
        .query({ page: 2, per_page: 2 })
        .set(owner.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        revisions: [expect.objectContaining({ version: 1 })],
        pagination: {
          current_page: 2,
          next_page: null,
          prev_page: 1,
          total_pages: 2,
          total_count: 3,
        },
      });
    });

    it.each([
      ['per_page=101', 'per_page must be an integer between 1 and 100'],
      ['page=0', 'page must be an integer between 1 and 9007199254740991'],
    ])('400 for %s', async (query, error) => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}?${query}`)
        .set(owner.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error },
      });
    });

    it('400 for a uuid that is not one', async () => {
      const response = await request(test.http).get(revisionsOf('nope')).set(owner.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error: 'uuid must be a UUID' },
      });
    });

    it('404 for a user who is not a member, as for a document that does not exist', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http).get(revisionsOf(uuid)).set(stranger.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: NOT_FOUND,
      });
    });
  });

  describe('GET /docs/{uuid}/revisions/{version}', () => {
    it('401 without a token', async () => {
      const uuid = await givenDoc(test, owner);
      expect((await request(test.http).get(`${revisionsOf(uuid)}/1`)).status).toBe(401);
    });

    it('an earlier version, with its html', async () => {
      const { uuid, v2 } = await givenHistory();
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}/2`)
        .set(viewer.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        version: 2,
        title: 'First',
        html: '<p>two</p>',
        created_at: v2.updated_at,
        user: expectedUserDetails(editor),
      });
    });

    it('the current version', async () => {
      const { uuid, v3 } = await givenHistory();
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}/3`)
        .set(editor.auth);
      expect(response.body).toEqual({
        version: 3,
        title: 'Third',
        html: '<p>two</p>',
        created_at: v3.updated_at,
        user: expectedUserDetails(owner),
      });
    });

    it.each(['0', '-1', '1.5', 'x', '2147483648'])('400 for version %s', async (version) => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}/${version}`)
        .set(owner.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error: 'version must be a positive integer' },
      });
    });

    it('404 for a version not written yet', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}/2`)
        .set(owner.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: notKept(2),
      });
    });

    it('404 for a non-member', async () => {
      const { uuid } = await givenHistory();
      const response = await request(test.http)
        .get(`${revisionsOf(uuid)}/1`)
        .set(stranger.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: NOT_FOUND,
      });
    });
  });

  describe('POST /docs/{uuid}/revisions/{version}/restore', () => {
    const restore = (user: TestUser | null, uuid: string, version: number | string) => {
      const call = request(test.http).post(`${revisionsOf(uuid)}/${version}/restore`);
      return user ? call.set(user.auth) : call;
    };

    it('401 without a token', async () => {
      const { uuid } = await givenHistory();
      expect((await restore(null, uuid, 1)).status).toBe(401);
      expect((await getDoc(owner, uuid)).version).toBe(3);
    });

    it('writes that version again as a new one: 200 with the document and its ETag', async () => {
      const { uuid } = await givenHistory();
      const response = await restore(editor, uuid, 1);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBe('"4"');
      const now = await request(test.http).get(`/api/v1/docs/${uuid}`).set(editor.auth);
      expect(response.body).toEqual(now.body);
      expect(response.body).toMatchObject({ title: 'First', html: '<p>one</p>', version: 4 });
      const list = await request(test.http).get(revisionsOf(uuid)).set(owner.auth);
      const items = (list.body as { revisions: { version: number; title: string }[] }).revisions;
      expect(items.map(({ version, title }) => [version, title])).toEqual([
        [4, 'First'],
        [3, 'Third'],
        [2, 'First'],
        [1, 'First'],
      ]);
      expect(list.body).toMatchObject({
        revisions: [{ user: expectedUserDetails(editor) }, {}, {}, {}],
      });
      const v3 = await request(test.http)
        .get(`${revisionsOf(uuid)}/3`)
        .set(owner.auth);
      expect(v3.body).toMatchObject({ title: 'Third', html: '<p>two</p>' });
    });

    it('honours If-Match: 412 naming the current version, and nothing changes', async () => {
      const { uuid } = await givenHistory();
      const response = await restore(owner, uuid, 1).set('If-Match', '"2"');
      expect({ status: response.status, body: response.body }).toEqual({
        status: 412,
        body: {
          error:
            'the document has changed: its current version is 3 (ETag "3"); fetch it and apply your change again',
        },
      });
      expect(response.headers.etag).toBe('"3"');
      expect((await getDoc(owner, uuid)).version).toBe(3);
      expect((await restore(owner, uuid, 1).set('If-Match', '"3"')).status).toBe(200);
    });

    it('403 for a viewer, and nothing changes', async () => {
      const { uuid } = await givenHistory();
      const response = await restore(viewer, uuid, 1);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 403,
        body: { error: 'only the owner or an editor may change this document; you are a viewer' },
      });
      expect((await getDoc(owner, uuid)).version).toBe(3);
    });

    it('403 for a read-only token', async () => {
      const { uuid } = await givenHistory();
      const { token } = await test.app
        .get(ApiTokensService)
        .issue({ email: owner.email, scopes: ['docs:read'] });
      const response = await request(test.http)
        .post(`${revisionsOf(uuid)}/1/restore`)
        .set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="docs:write"',
      );
      expect((await getDoc(owner, uuid)).version).toBe(3);
    });

    it('404 for a version that does not exist, 404 for a non-member, 400 for a bad version', async () => {
      const { uuid } = await givenHistory();
      const missing = await restore(owner, uuid, 9);
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: notKept(9),
      });
      const outsider = await restore(stranger, uuid, 1);
      expect({ status: outsider.status, body: outsider.body }).toEqual({
        status: 404,
        body: NOT_FOUND,
      });
      const bad = await restore(owner, uuid, 'one');
      expect({ status: bad.status, body: bad.body }).toEqual({
        status: 400,
        body: { error: 'version must be a positive integer' },
      });
      expect((await getDoc(owner, uuid)).version).toBe(3);
    });
  });

  describe('concurrent updates', () => {
    it('N updates at once make exactly N new versions, numbered without gaps', async () => {
      const uuid = await givenSharedDoc(test, owner, editor, 'editor', { title: 'Race' });
      const writers = Array.from({ length: 12 }, (_, i) =>
        put(i % 2 === 0 ? owner : editor, uuid, { title: `Write ${i}`, html: `<p>${i}</p>` }),
      );
      const responses = await Promise.all(writers);
      expect(responses.map((response) => response.status)).toEqual(Array(12).fill(204));
      const etags = responses.map((response) => Number(/"(\d+)"/.exec(response.headers.etag)![1]));
      expect([...etags].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
      const list = await request(test.http)
        .get(revisionsOf(uuid))
        .query({ per_page: 100 })
        .set(owner.auth);
      const versions = (list.body as { revisions: { version: number; title: string }[] }).revisions;
      expect(versions.map((item) => item.version)).toEqual(
        Array.from({ length: 13 }, (_, i) => 13 - i),
      );
      // Each version has the title its own write sent: none lost, none doubled.
      const titles = versions.slice(0, 12).map((item) => item.title);
      expect(new Set(titles).size).toBe(12);
    });
  });
});

describe(`move: PUT /api/v1/docs/{uuid} with path (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    editor = await givenUser(test);
  });
  afterAll(() => test.close());

  const put = (user: TestUser, uuid: string, body: object) =>
    request(test.http).put(`/api/v1/docs/${uuid}`).set(user.auth).send(body);
  const folders = async (user: TestUser) =>
    (await request(test.http).get('/api/v1/folders').set(user.auth).expect(200)).body as {
      path: string;
    }[];
  const doc = async (user: TestUser, uuid: string) =>
    (await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth).expect(200))
      .body as DocDetail;

  it('the owner moves a document into a new folder: made with its parents, a new version', async () => {
    const uuid = await givenDoc(test, owner, { title: 'Mover', path: '~/from' });
    const response = await put(owner, uuid, { path: '~/to/deep' });
    expect(response.status).toBe(204);
    expect(response.headers.etag).toBe('"2"');
    expect(await doc(owner, uuid)).toMatchObject({ path: '~/to/deep', title: 'Mover', version: 2 });
    expect((await folders(owner)).map((folder) => folder.path)).toEqual([
      '~/from',
      '~/to',
      '~/to/deep',
    ]);
    const inFolder = await request(test.http)
      .get('/api/v1/docs')
      .query({ path: '~/to/deep' })
      .set(owner.auth);
    expect((inFolder.body as { docs: { uuid: string }[] }).docs.map((d) => d.uuid)).toEqual([uuid]);
    const left = await request(test.http)
      .get('/api/v1/docs')
      .query({ path: '~/from' })
      .set(owner.auth);
    expect((left.body as { docs: unknown[] }).docs).toEqual([]);
    const revisions = await request(test.http)
      .get(`/api/v1/docs/${uuid}/revisions`)
      .set(owner.auth);
    expect((revisions.body as { pagination: { total_count: number } }).pagination.total_count).toBe(
      2,
    );
  });

  it('home, and with a title at once', async () => {
    const uuid = await givenDoc(test, owner, { title: 'Away', path: '~/away' });
    expect((await put(owner, uuid, { path: '~', title: 'Home again' })).status).toBe(204);
    expect(await doc(owner, uuid)).toMatchObject({ path: '~', title: 'Home again', version: 2 });
  });

  it('403 for an editor: nothing moves and no folder is made', async () => {
    const uuid = await givenSharedDoc(test, owner, editor, 'editor', { path: '~/kept' });
    const response = await put(editor, uuid, { path: '~/elsewhere', title: 'No' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 403,
      body: { error: 'only the owner may move this document; you are an editor' },
    });
    expect(await doc(owner, uuid)).toMatchObject({ path: '~/kept', version: 1 });
    expect(await folders(editor)).toEqual([]);
    expect((await folders(owner)).map((folder) => folder.path)).not.toContain('~/elsewhere');
  });

  it('honours If-Match: 412, and no folder is made', async () => {
    const uuid = await givenDoc(test, owner, { title: 'Pinned' });
    const response = await request(test.http)
      .put(`/api/v1/docs/${uuid}`)
      .set(owner.auth)
      .set('If-Match', '"7"')
      .send({ path: '~/never' });
    expect(response.status).toBe(412);
    expect(await doc(owner, uuid)).toMatchObject({ path: '~', version: 1 });
    expect((await folders(owner)).map((folder) => folder.path)).not.toContain('~/never');
  });

  it.each([
    ['reports', 'path must be "~" or start with "~/", as in "~/projects/2024"'],
    ['~/a//b', 'path must not contain an empty folder name (as in "~/a//b" or "~/a/")'],
    ['~/../x', 'path must not contain "." or ".." as a folder name'],
  ])('400 for the path %s, as on create', async (path, error) => {
    const uuid = await givenDoc(test, owner);
    const response = await put(owner, uuid, { path });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { error },
    });
    expect(await doc(owner, uuid)).toMatchObject({ version: 1 });
  });

  it('404 for a non-member', async () => {
    const uuid = await givenDoc(test, owner);
    const response = await put(editor, uuid, { path: '~/mine' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await folders(editor)).toEqual([]);
  });
});
