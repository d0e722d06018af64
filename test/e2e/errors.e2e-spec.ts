import { createHash } from 'node:crypto';
import request from 'supertest';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS, UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const BODY_LIMIT = 5 * 1024 * 1024;
const NOT_AN_OBJECT =
  'request body must be a JSON object, sent with Content-Type: application/json';
const TOO_LARGE = 'request body is larger than the 5 MiB limit';

/** Exactly `{error: <non-empty string>}` as JSON, with nothing internal in the message. */
function expectErrorBody(response: request.Response, status: number): string {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  expect(Object.keys(response.body)).toEqual(['error']);
  const { error } = response.body as { error: unknown };
  expect(typeof error).toBe('string');
  expect((error as string).trim()).not.toBe('');
  expect(error).not.toMatch(/\n\s+at |node_modules|\/src\/|\.ts:\d+|Error:/);
  return error as string;
}

/** The JSON text of `{title, html: '<p>aaa…</p>'}`, exactly `bytes` bytes long. */
function jsonBodyOfSize(bytes: number, title: string): { json: string; html: string } {
  const overhead = Buffer.byteLength(JSON.stringify({ title, html: '<p></p>' }));
  const html = `<p>${'a'.repeat(bytes - overhead)}</p>`;
  const json = JSON.stringify({ title, html });
  expect(Buffer.byteLength(json)).toBe(bytes);
  return { json, html };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe(`error responses (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());

  async function totalCount(): Promise<number> {
    const response = await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
    return (response.body as { pagination: { total_count: number } }).pagination.total_count;
  }

  async function folders(): Promise<unknown[]> {
    const response = await request(test.http).get('/api/v1/folders').set(user.auth).expect(200);
    return response.body as unknown[];
  }

  /** The document as GET /docs/{uuid} shows it, its html replaced by a digest. */
  async function storedDoc(uuid: string) {
    const response = await request(test.http)
      .get(`/api/v1/docs/${uuid}`)
      .set(user.auth)
      .expect(200);
    const body = response.body as { html: string };
    return { ...body, html: sha256(body.html) };
  }

  function expectedDoc(uuid: string, title: string, html: string, path = '~', version = 1) {
    return {
      id: expect.any(Number),
      uuid,
      title,
      html: sha256(html),
      path,
      created_at: expect.stringMatching(ISO_UTC_MS),
      updated_at: expect.stringMatching(ISO_UTC_MS),
      version,
      role: 'owner',
      user_docs: [{ user: expectedUserDetails(user) }],
    };
  }

  function postRaw(body: string, contentType = 'application/json') {
    return request(test.http)
      .post('/api/v1/docs')
      .set(user.auth)
      .set('Content-Type', contentType)
      .send(body);
  }

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/nope'],
      ['GET', '/api/v2/docs'],
      ['GET', '/api/v1/docs/3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60/extra'],
      // Paths under Swagger UI's files that name a folder (no redirect to the folder).
      ['GET', '/api/a/%2e%2e'],
      ['GET', '/api/%09/%2e%2e'],
    ])('%s %s → 404 with a JSON error', async (method, path) => {
      const call = method === 'GET' ? request(test.http).get(path) : request(test.http).post(path);
      const response = await call.set(user.auth);
      const error = expectErrorBody(response, 404);
      expect(error).toMatch(new RegExp(`^no route ${method} /`));
    });

    const DOC = '/api/v1/docs/3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60';
    it.each([
      ['PATCH', DOC, 'DELETE, GET, HEAD, PUT'],
      ['TRACE', DOC, 'DELETE, GET, HEAD, PUT'],
      ['POST', DOC, 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/v1/docs', 'GET, HEAD, POST'],
      ['PUT', `${DOC}/users`, 'GET, HEAD, POST'],
      ['GET', `${DOC}/users/5`, 'DELETE'],
      ['POST', '/api/v1/folders', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
    ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
      const agent = request(test.http);
      const response = await agent[method.toLowerCase() as 'patch'](path).set(user.auth);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.body).toEqual({
        error: `${method} is not allowed on ${path}: use ${allow}`,
      });
    });

    it('405 comes before authentication, as 404 does: the route does not exist for the method', async () => {
      const response = await request(test.http).patch(DOC).send({ title: 'x' });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    });

    it('an unknown route without a token is also a JSON error', async () => {
      const response = await request(test.http).get('/api/v1/nope');
      expectErrorBody(response, 404);
    });
  });

  describe('malformed request bodies', () => {
    it('malformed JSON on create → 400, nothing stored', async () => {
      const before = await totalCount();
      const response = await postRaw('{"title": "broken",');
      const error = expectErrorBody(response, 400);
      expect(error).toMatch(/^request body is not valid JSON/);
      expect(await totalCount()).toBe(before);
    });

    it('a byte order mark before the JSON is ignored: the document is created as sent', async () => {
      const response = await postRaw('\uFEFF{"title":"After a BOM","html":"<p>bom</p>"}');
      expect(response.status).toBe(201);
      const { uuid } = response.body as { uuid: string };
      expect(response.body).toEqual({ uuid: expect.stringMatching(UUID) });
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'After a BOM', '<p>bom</p>'));
    });

    it('a body of only a byte order mark reads as {} → 400 for the missing title, nothing stored', async () => {
      const before = await totalCount();
      const response = await postRaw('\uFEFF');
      expectErrorBody(response, 400);
      expect(response.body).toEqual({ error: 'title must be a string' });
      expect(await totalCount()).toBe(before);
    });

    it('malformed JSON on update → 400, document unchanged', async () => {
      const uuid = await givenDoc(test, user, { title: 'Keep me', html: '<p>keep</p>' });
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send("{title: 'not json'}");
      const error = expectErrorBody(response, 400);
      expect(error).toMatch(/^request body is not valid JSON/);
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Keep me', '<p>keep</p>'));
    });

    it.each([
      ['a JSON array', '[{"title":"in an array"}]'],
      ['a JSON string', '"just a title"'],
      ['a JSON number', '42'],
      ['JSON null', 'null'],
      ['JSON true', 'true'],
    ])('create with %s as body → 400, nothing stored', async (_kind, body) => {
      const before = await totalCount();
      const response = await postRaw(body);
      expectErrorBody(response, 400);
      expect(response.body).toEqual({ error: NOT_AN_OBJECT });
      expect(await totalCount()).toBe(before);
    });

    it.each([
      ['a JSON array', '[{"title":"in an array"}]'],
      ['a JSON string', '"just a title"'],
      ['a JSON number', '42'],
      ['JSON null', 'null'],
    ])('update with %s as body → 400, document unchanged', async (_kind, body) => {
      const uuid = await givenDoc(test, user, { title: 'Stays', html: '<p>same</p>' });
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send(body);
      expectErrorBody(response, 400);
      expect(response.body).toEqual({ error: NOT_AN_OBJECT });
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Stays', '<p>same</p>'));
    });

    it('a JSON body without Content-Type → 400, nothing stored', async () => {
      const before = await totalCount();
      const response = await request(test.http)
        .post('/api/v1/docs')
        .set(user.auth)
        .send('{"title":"no content type"}')
        .unset('Content-Type');
      expectErrorBody(response, 400);
      expect(response.body).toEqual({ error: NOT_AN_OBJECT });
      expect(await totalCount()).toBe(before);
    });

    it.each([
      ['text/plain', '{"title":"sent as text"}'],
      ['application/x-www-form-urlencoded', 'title=sent+as+a+form'],
    ])('a body sent as %s → 400, nothing stored', async (contentType, body) => {
      const before = await totalCount();
      const response = await postRaw(body, contentType);
      expectErrorBody(response, 400);
      expect(response.body).toEqual({ error: NOT_AN_OBJECT });
      expect(await totalCount()).toBe(before);
    });
  });

  describe('body size limit (5 MiB)', () => {
    it('create with a body just under 5 MiB → 201, and the html is stored whole', async () => {
      const { json, html } = jsonBodyOfSize(BODY_LIMIT - 300, 'Just under');
      const response = await postRaw(json);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ uuid: expect.stringMatching(UUID) });
      const { uuid } = response.body as { uuid: string };
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Just under', html));
    });

    it('create with a body of exactly 5 MiB → 201 (only a larger body is refused)', async () => {
      const { json, html } = jsonBodyOfSize(BODY_LIMIT, 'Exactly the limit');
      const response = await postRaw(json);
      expect(response.status).toBe(201);
      const { uuid } = response.body as { uuid: string };
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Exactly the limit', html));
    });

    it('create with a body just over 5 MiB → 413 with a JSON error, nothing stored', async () => {
      const before = await totalCount();
      const { json } = jsonBodyOfSize(BODY_LIMIT + 300, 'Just over');
      const response = await postRaw(json);
      expectErrorBody(response, 413);
      expect(response.body).toEqual({ error: TOO_LARGE });
      expect(await totalCount()).toBe(before);
    });

    it('the limit counts bytes, not characters: 2-byte characters over 5 MiB → 413', async () => {
      const before = await totalCount();
      const html = `<p>${'é'.repeat(BODY_LIMIT / 2 + 100)}</p>`;
      const json = JSON.stringify({ title: 'Multibyte', html });
      expect(json.length).toBeLessThan(BODY_LIMIT);
      expect(Buffer.byteLength(json)).toBeGreaterThan(BODY_LIMIT);
      const response = await postRaw(json);
      expectErrorBody(response, 413);
      expect(response.body).toEqual({ error: TOO_LARGE });
      expect(await totalCount()).toBe(before);
    });

    it('update with a body just under 5 MiB → 204, and the html is stored whole', async () => {
      const uuid = await givenDoc(test, user, { title: 'Grows', html: '<p>small</p>' });
      const { json, html } = jsonBodyOfSize(BODY_LIMIT - 300, 'Grown');
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send(json);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Grown', html, '~', 2));
    });

    it('update with a body just over 5 MiB → 413 with a JSON error, document unchanged', async () => {
      const uuid = await givenDoc(test, user, { title: 'Untouched', html: '<p>small</p>' });
      const before = await totalCount();
      const { json } = jsonBodyOfSize(BODY_LIMIT + 300, 'Too big');
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .send(json);
      expectErrorBody(response, 413);
      expect(response.body).toEqual({ error: TOO_LARGE });
      expect(await storedDoc(uuid)).toEqual(expectedDoc(uuid, 'Untouched', '<p>small</p>'));
      expect(await totalCount()).toBe(before);
    });

    it('a refused oversized create with a new folder leaves no folder behind', async () => {
      const before = await folders();
      const html = `<p>${'a'.repeat(BODY_LIMIT)}</p>`;
      const response = await postRaw(
        JSON.stringify({ title: 'Too big', html, path: '~/never-made' }),
      );
      expectErrorBody(response, 413);
      expect(await folders()).toEqual(before);
    });
  });

  describe('validation errors keep the error shape', () => {
    it.each([
      ['GET', '/api/v1/docs?per_page=0'],
      ['GET', '/api/v1/docs/not-a-uuid'],
      ['GET', '/api/v1/docs/3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60'],
      ['DELETE', '/api/v1/docs/3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60'],
    ])('%s %s answers with exactly one `error` key', async (method, path) => {
      const call =
        method === 'GET' ? request(test.http).get(path) : request(test.http).delete(path);
      const response = await call.set(user.auth);
      expectErrorBody(response, path.includes('3f1e9a8c') ? 404 : 400);
    });

    it('POST /api/v1/docs with an invalid body answers with exactly one `error` key', async () => {
      const response = await request(test.http)
        .post('/api/v1/docs')
        .set(user.auth)
        .send({ title: 7, html: false, path: 'nowhere' });
      const error = expectErrorBody(response, 400);
      expect(error).toContain('title');
    });
  });
});
