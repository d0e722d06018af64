import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const NOT_FOUND = { error: 'document not found' };
const NOT_A_UUID = { error: 'uuid must be a UUID' };

interface DocDetail {
  id: number;
  uuid: string;
  title: string;
  html: string;
  path: string;
  created_at: string;
  updated_at: string;
  user_docs: { user: Record<string, unknown> }[];
}

const time = (iso: string) => new Date(iso).getTime();

describe(`PUT /api/v1/docs/{uuid} (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
  });
  afterAll(() => test.close());

  const put = (user: TestUser | null, uuid: string, body: unknown) => {
    const req = request(test.http).put(`/api/v1/docs/${uuid}`);
    if (user) req.set(user.auth);
    return req.send(body as object);
  };

  async function getDoc(user: TestUser, uuid: string): Promise<DocDetail> {
    const response = await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth);
    expect(response.status).toBe(200);
    return response.body as DocDetail;
  }

  function expectNoContent(response: request.Response) {
    expect(response.status).toBe(204);
    expect(response.text ?? '').toBe('');
    expect(response.body).toEqual({});
  }

  function expectError(response: request.Response, status: number, body: unknown) {
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  }

  describe('authentication', () => {
    it('answers 401 without a token and leaves the document unchanged', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Untouched', html: '<p>a</p>' });
      const before = await getDoc(owner, uuid);
      const response = await put(null, uuid, { title: 'Changed' });
      expectError(response, 401, {
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(await getDoc(owner, uuid)).toEqual(before);
    });

    it('answers 401 for an unknown token and leaves the document unchanged', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Untouched' });
      const before = await getDoc(owner, uuid);
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set('Authorization', `Bearer dms_${'y'.repeat(43)}`)
        .send({ title: 'Changed' });
      expectError(response, 401, { error: 'invalid bearer token' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(await getDoc(owner, uuid)).toEqual(before);
    });
  });

  describe('success', () => {
    it('answers 204 with an empty body', async () => {
      const uuid = await givenDoc(test, owner);
      expectNoContent(await put(owner, uuid, { title: 'New title' }));
    });

    it('changes the title only: html, path and created_at keep their values', async () => {
      const uuid = await givenDoc(test, owner, {
        title: 'Old title',
        html: '<p>Body</p>',
        path: '~/work',
      });
      const sibling = await givenDoc(test, owner, { title: 'Sibling', html: '<p>S</p>' });
      const siblingBefore = await getDoc(owner, sibling);
      const before = await getDoc(owner, uuid);

      expectNoContent(await put(owner, uuid, { title: 'New title' }));

      const after = await getDoc(owner, uuid);
      expect(after).toEqual({
        id: before.id,
        uuid,
        title: 'New title',
        html: '<p>Body</p>',
        path: '~/work',
        created_at: before.created_at,
        updated_at: expect.stringMatching(ISO_UTC_MS),
        version: 2,
        role: 'owner',
        user_docs: [{ user: expectedUserDetails(owner) }],
      });
      expect(time(after.updated_at)).toBeGreaterThan(time(before.updated_at));
      expect(await getDoc(owner, sibling)).toEqual(siblingBefore);
    });

    it('changes the html only: the title keeps its value', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Keep me', html: '<p>Old</p>' });
      const before = await getDoc(owner, uuid);

      expectNoContent(await put(owner, uuid, { html: '<h2>New</h2><p>content</p>' }));

      const after = await getDoc(owner, uuid);
      expect(after).toEqual({
        ...before,
        html: '<h2>New</h2><p>content</p>',
        version: 2,
        updated_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(time(after.updated_at)).toBeGreaterThan(time(before.updated_at));
    });

    it('changes both title and html', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Both old', html: '<p>old</p>' });
      const before = await getDoc(owner, uuid);

      expectNoContent(await put(owner, uuid, { title: 'Both new', html: '<p>new</p>' }));

      const after = await getDoc(owner, uuid);
      expect(after).toEqual({
        ...before,
        version: 2,
        title: 'Both new',
        html: '<p>new</p>',
        updated_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(time(after.updated_at)).toBeGreaterThan(time(before.updated_at));
    });

    it('can empty the html', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Emptied', html: '<p>gone</p>' });
      expectNoContent(await put(owner, uuid, { html: '' }));
      expect((await getDoc(owner, uuid)).html).toBe('');
    });

    it('moves updated_at strictly forward on every update and keeps created_at', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Timeline' });
      const first = await getDoc(owner, uuid);
      expect(first.created_at).toMatch(ISO_UTC_MS);
      expect(first.updated_at).toMatch(ISO_UTC_MS);
      let previous = first;
      for (const body of [{ title: 'T1' }, { html: '<p>x</p>' }, { title: 'T1' }, { html: '' }]) {
        expectNoContent(await put(owner, uuid, body));
        const current = await getDoc(owner, uuid);
        expect(current.created_at).toBe(first.created_at);
        expect(current.updated_at).toMatch(ISO_UTC_MS);
        expect(time(current.updated_at)).toBeGreaterThan(time(previous.updated_at));
        previous = current;
      }
    });

    it('stores the title trimmed', async () => {
      const uuid = await givenDoc(test, owner);
      expectNoContent(await put(owner, uuid, { title: '  \t Trimmed title \n ' }));
      expect((await getDoc(owner, uuid)).title).toBe('Trimmed title');
    });

    it('accepts a title of 255 code points (emoji count as one), trimmed', async () => {
      const uuid = await givenDoc(test, owner);
      const title = '😀'.repeat(255);
      expectNoContent(await put(owner, uuid, { title: `  ${title}  ` }));
      expect((await getDoc(owner, uuid)).title).toBe(title);
    });

    it('ignores unknown fields next to a known one', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Known', html: '<p>k</p>' });
      const before = await getDoc(owner, uuid);
      expectNoContent(await put(owner, uuid, { title: 'Known 2', folder: '~/elsewhere', id: 1 }));
      const after = await getDoc(owner, uuid);
      expect(after).toEqual({
        ...before,
        version: 2,
        title: 'Known 2',
        updated_at: expect.stringMatching(ISO_UTC_MS),
      });
    });

    it('accepts the UUID in upper case', async () => {
      const uuid = await givenDoc(test, owner);
      expectNoContent(await put(owner, uuid.toUpperCase(), { title: 'Upper' }));
      expect((await getDoc(owner, uuid)).title).toBe('Upper');
    });
  });

  describe('html sanitising', () => {
    it('removes scripts, event handlers and javascript: URLs', async () => {
      const uuid = await givenDoc(test, owner, { html: '<p>clean</p>' });
      expectNoContent(
        await put(owner, uuid, {
          html:
            '<p onclick="alert(1)">Hi</p><script>alert(2)</script>' +
            '<a href="javascript:alert(3)">link</a><img src="https://example.com/a.png" onerror="alert(4)">',
        }),
      );
      const { html } = await getDoc(owner, uuid);
      expect(html).toBe('<p>Hi</p><a>link</a><img src="https://example.com/a.png">');
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    });

    it('keeps well-formed safe rich-text markup unchanged', async () => {
      const uuid = await givenDoc(test, owner);
      const safe =
        '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/x">a link</a>.</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
        '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
        '<pre><code>const x = 1;</code></pre><img src="https://example.com/i.png" alt="i"><br>';
      expectNoContent(await put(owner, uuid, { html: safe }));
      expect((await getDoc(owner, uuid)).html).toBe(safe);
    });
  });

  describe('invalid bodies: 400 and nothing changes', () => {
    const cases: [string, unknown, string][] = [
      ['{}', {}, 'at least one of title, html or path must be given'],
      [
        'only unknown fields',
        { name: 'x', body: '<p>y</p>' },
        'at least one of title, html or path must be given',
      ],
      ['title null', { title: null }, 'title must be a string'],
      ['html null', { html: null }, 'html must be a string'],
      [
        'title null with a valid html',
        { title: null, html: '<p>ok</p>' },
        'title must be a string',
      ],
      ['html null with a valid title', { title: 'ok', html: null }, 'html must be a string'],
      ['title a number', { title: 42 }, 'title must be a string'],
      ['title a boolean', { title: true }, 'title must be a string'],
      ['title an array', { title: ['a'] }, 'title must be a string'],
      ['title an object', { title: { text: 'a' } }, 'title must be a string'],
      ['html a number', { html: 1 }, 'html must be a string'],
      ['html a boolean', { html: false }, 'html must be a string'],
      ['html an array', { html: ['<p>a</p>'] }, 'html must be a string'],
      ['html an object', { html: { p: 'a' } }, 'html must be a string'],
      ['empty title', { title: '' }, 'title must not be empty'],
      ['whitespace title', { title: ' \t\n ' }, 'title must not be empty'],
      ['256-code-point title', { title: '😀'.repeat(256) }, 'title must be at most 255 characters'],
      ['256-character title', { title: 'a'.repeat(256) }, 'title must be at most 255 characters'],
    ];

    it.each(cases)('%s', async (_name, body, message) => {
      const uuid = await givenDoc(test, owner, { title: 'Stable', html: '<p>stable</p>' });
      const before = await getDoc(owner, uuid);
      const response = await put(owner, uuid, body);
      expectError(response, 400, { error: message });
      expect(await getDoc(owner, uuid)).toEqual(before);
    });

    it.each([
      ['a JSON array', '[{"title":"x"}]'],
      ['a JSON string', '"title"'],
      ['JSON null', 'null'],
      ['a JSON number', '5'],
    ])('a body that is %s', async (_name, raw) => {
      const uuid = await givenDoc(test, owner, { title: 'Stable' });
      const before = await getDoc(owner, uuid);
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .set('Content-Type', 'application/json')
        .send(raw);
      expectError(response, 400, {
        error: 'request body must be a JSON object, sent with Content-Type: application/json',
      });
      expect(await getDoc(owner, uuid)).toEqual(before);
    });

    it('malformed JSON', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Stable' });
      const before = await getDoc(owner, uuid);
      const response = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .set('Content-Type', 'application/json')
        .send('{"title": ');
      expectError(response, 400, {
        error: expect.stringMatching(/^request body is not valid JSON/),
      });
      expect(await getDoc(owner, uuid)).toEqual(before);
    });

    it('a body over 5 MiB gives 413', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Stable' });
      const before = await getDoc(owner, uuid);
      const response = await put(owner, uuid, { html: 'a'.repeat(5 * 1024 * 1024 + 1) });
      expectError(response, 413, { error: 'request body is larger than the 5 MiB limit' });
      expect(await getDoc(owner, uuid)).toEqual(before);
    });
  });

  describe('the uuid', () => {
    it.each(['abc', '123', `${randomUUID()}0`, 'not-a-uuid-at-all-but-36-characters!'])(
      'answers 400 when it is not a UUID (%s)',
      async (uuid) => {
        expectError(await put(owner, uuid, { title: 'x' }), 400, NOT_A_UUID);
      },
    );

    it('answers 400 for a UUID with an extra character, and the document is unchanged', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Stable' });
      const before = await getDoc(owner, uuid);
      expectError(await put(owner, `${uuid}a`, { title: 'x' }), 400, NOT_A_UUID);
      expect(await getDoc(owner, uuid)).toEqual(before);
    });

    it('answers 404 for a well-formed UUID of no document', async () => {
      expectError(await put(owner, randomUUID(), { title: 'x' }), 404, NOT_FOUND);
    });

    it("answers 404 for another user's document, which stays unchanged", async () => {
      const other = await givenUser(test);
      const uuid = await givenDoc(test, other, { title: 'Theirs', html: '<p>theirs</p>' });
      const before = await getDoc(other, uuid);

      expectError(await put(owner, uuid, { title: 'Mine now' }), 404, NOT_FOUND);
      expectError(await put(owner, uuid, { html: '<p>mine</p>' }), 404, NOT_FOUND);

      expect(await getDoc(other, uuid)).toEqual(before);
      const list = await request(test.http).get('/api/v1/docs').set(other.auth).expect(200);
      expect(list.body.docs).toEqual([
        expect.objectContaining({ uuid, title: 'Theirs', updated_at: before.updated_at }),
      ]);
    });

    it('answers 404 for a deleted document', async () => {
      const uuid = await givenDoc(test, owner);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      expectError(await put(owner, uuid, { title: 'x' }), 404, NOT_FOUND);
    });
  });

  describe('concurrency', () => {
    it('50 parallel updates of one document all succeed and one of them wins', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Contended', html: '<p>c</p>' });
      const before = await getDoc(owner, uuid);
      const titles = Array.from({ length: 50 }, (_, i) => `Parallel title ${i}`);

      const responses = await Promise.all(titles.map((title) => put(owner, uuid, { title })));

      expect(responses.map((response) => response.status)).toEqual(titles.map(() => 204));
      const after = await getDoc(owner, uuid);
      expect(titles).toContain(after.title);
      expect(after).toEqual({
        ...before,
        version: 51,
        title: after.title,
        updated_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(time(after.updated_at)).toBeGreaterThan(time(before.updated_at));
      const list = await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
      expect(list.body.docs[0]).toEqual(
        expect.objectContaining({ uuid, title: after.title, updated_at: after.updated_at }),
      );
    });
  });
});
