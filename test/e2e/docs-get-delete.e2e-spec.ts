import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const MISSING_TOKEN = {
  error: 'missing bearer token: send the header Authorization: Bearer <token>',
};
const NOT_FOUND = { error: 'document not found' };
const NOT_A_UUID = { error: 'uuid must be a UUID' };
/** The server's clock never goes back but may run a little ahead under bursts of requests. */
const CLOCK_SLACK_MS = 1000;

const BAD_UUIDS = ['abc', '123', `${randomUUID()}0`, randomUUID().replace(/-/g, '')];

interface ListBody {
  docs: { id: number; uuid: string; created_at: string; updated_at: string }[];
  pagination: { total_count: number };
}

describe(`GET and DELETE /api/v1/docs/{uuid} (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
  });
  afterAll(() => test.close());

  const get = (user: TestUser | null, uuid: string) => {
    const req = request(test.http).get(`/api/v1/docs/${uuid}`);
    return user ? req.set(user.auth) : req;
  };

  const del = (user: TestUser | null, uuid: string) => {
    const req = request(test.http).delete(`/api/v1/docs/${uuid}`);
    return user ? req.set(user.auth) : req;
  };

  async function list(user: TestUser): Promise<ListBody> {
    const response = await request(test.http)
      .get('/api/v1/docs')
      .set(user.auth)
      .query({ per_page: 100 });
    expect(response.status).toBe(200);
    return response.body as ListBody;
  }

  function expectError(response: request.Response, status: number, body: unknown) {
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  }

  describe('GET /api/v1/docs/{uuid}', () => {
    it('answers 401 without a token', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await get(null, uuid);
      expectError(response, 401, MISSING_TOKEN);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
    });

    it('answers 401 for an unknown token', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http)
        .get(`/api/v1/docs/${uuid}`)
        .set('Authorization', `Bearer dms_${'z'.repeat(43)}`);
      expectError(response, 401, { error: 'invalid bearer token' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
    });

    it('answers 200 with the whole document', async () => {
      const user = await givenUser(test, { avatarUrl: 'https://cdn.example.com/me.png' });
      const before = Date.now();
      const uuid = await givenDoc(test, user, {
        title: '  Report  ',
        html: '<h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>',
        path: '~/reports/2024',
      });
      const after = Date.now();

      const response = await get(user, uuid);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const [item] = (await list(user)).docs;
      expect(response.body).toEqual({
        id: item.id,
        uuid,
        title: 'Report',
        html: '<h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>',
        path: '~/reports/2024',
        created_at: expect.stringMatching(ISO_UTC_MS),
        updated_at: expect.stringMatching(ISO_UTC_MS),
        version: 1,
        role: 'owner',
        user_docs: [
          {
            user: expectedUserDetails(user),
          },
        ],
      });
      expect(Number.isInteger(response.body.id)).toBe(true);
      expect(response.body.created_at).toBe(item.created_at);
      expect(response.body.updated_at).toBe(item.updated_at);
      for (const stamp of [response.body.created_at, response.body.updated_at] as string[]) {
        expect(new Date(stamp).getTime()).toBeGreaterThanOrEqual(before);
        expect(new Date(stamp).getTime()).toBeLessThanOrEqual(after + CLOCK_SLACK_MS);
      }
    });

    it('gives html "" and path "~" for a document created with a title only', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Bare' });
      const response = await get(owner, uuid);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        uuid,
        title: 'Bare',
        html: '',
        path: '~',
        created_at: expect.stringMatching(ISO_UTC_MS),
        updated_at: expect.stringMatching(ISO_UTC_MS),
        version: 1,
        role: 'owner',
        user_docs: [{ user: expectedUserDetails(owner) }],
      });
    });

    it.each(BAD_UUIDS)('answers 400 for a uuid that is not a UUID (%s)', async (uuid) => {
      expectError(await get(owner, uuid), 400, NOT_A_UUID);
    });

    it('answers 404 for a well-formed UUID of no document', async () => {
      expectError(await get(owner, randomUUID()), 404, NOT_FOUND);
    });

    it("answers 404 for another user's document", async () => {
      const other = await givenUser(test);
      const uuid = await givenDoc(test, other, { title: 'Private' });
      expectError(await get(owner, uuid), 404, NOT_FOUND);
      expect((await get(other, uuid)).status).toBe(200);
    });
  });

  describe('DELETE /api/v1/docs/{uuid}', () => {
    it('answers 401 without a token and the document stays', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await del(null, uuid);
      expectError(response, 401, MISSING_TOKEN);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect((await get(owner, uuid)).status).toBe(200);
    });

    it('answers 401 for an unknown token and the document stays', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http)
        .delete(`/api/v1/docs/${uuid}`)
        .set('Authorization', `Bearer dms_${'z'.repeat(43)}`);
      expectError(response, 401, { error: 'invalid bearer token' });
      expect((await get(owner, uuid)).status).toBe(200);
    });

    it('answers 204 with an empty body', async () => {
      const uuid = await givenDoc(test, owner);
      const response = await del(owner, uuid);
      expect(response.status).toBe(204);
      expect(response.text ?? '').toBe('');
      expect(response.body).toEqual({});
    });

    it('removes the document: GET and PUT 404, gone from the list, total_count drops', async () => {
      const user = await givenUser(test);
      const keep = await givenDoc(test, user, { title: 'Keep' });
      const doomed = await givenDoc(test, user, { title: 'Doomed', path: '~/bin' });
      const keepToo = await givenDoc(test, user, { title: 'Keep too' });
      const before = await list(user);
      expect(before.docs.map((doc) => doc.uuid)).toEqual([keepToo, doomed, keep]);
      expect(before.pagination.total_count).toBe(3);

      expect((await del(user, doomed)).status).toBe(204);

      expectError(await get(user, doomed), 404, NOT_FOUND);
      expectError(
        await request(test.http)
          .put(`/api/v1/docs/${doomed}`)
          .set(user.auth)
          .send({ title: 'Back?' }),
        404,
        NOT_FOUND,
      );
      const after = await list(user);
      expect(after.docs.map((doc) => doc.uuid)).toEqual([keepToo, keep]);
      expect(after.pagination).toEqual({
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 2,
      });
      // Only the deleted document changed.
      expect(after.docs).toEqual([before.docs[0], before.docs[2]]);
      const folder = await request(test.http)
        .get('/api/v1/docs')
        .set(user.auth)
        .query({ path: '~/bin' });
      expect(folder.status).toBe(200);
      expect(folder.body.docs).toEqual([]);
      expect(folder.body.pagination.total_count).toBe(0);
    });

    it('answers 404 to a second DELETE', async () => {
      const uuid = await givenDoc(test, owner);
      expect((await del(owner, uuid)).status).toBe(204);
      expectError(await del(owner, uuid), 404, NOT_FOUND);
    });

    it('answers 404 for a well-formed UUID of no document', async () => {
      expectError(await del(owner, randomUUID()), 404, NOT_FOUND);
    });

    it("answers 404 for another user's document, which still exists for its owner", async () => {
      const other = await givenUser(test);
      const uuid = await givenDoc(test, other, { title: 'Not yours', html: '<p>x</p>' });
      const before = await get(other, uuid);
      expect(before.status).toBe(200);

      expectError(await del(owner, uuid), 404, NOT_FOUND);

      const after = await get(other, uuid);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
      const theirs = await list(other);
      expect(theirs.docs.map((doc) => doc.uuid)).toEqual([uuid]);
      expect(theirs.pagination.total_count).toBe(1);
    });

    it.each(BAD_UUIDS)('answers 400 for a uuid that is not a UUID (%s)', async (uuid) => {
      expectError(await del(owner, uuid), 400, NOT_A_UUID);
    });
  });
});
