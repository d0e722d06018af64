import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { withListeningServer } from '../support/listening-server';
import { ISO_UTC_MS, tableCounts, UUID } from '../support/expectations';
import {
  escapeText,
  fieldValue,
  folderPath,
  fuzzParameters,
  jsonObjectText,
  lineage,
  nastyText,
  nonString,
  ODD_UNICODE,
  pathVerdict,
  queryIntegerVerdict,
  SERVICE_UUID,
  SQL_METACHARACTERS,
  textOfCodePoints,
  titleVerdict,
  unknownFields,
} from '../support/hostile-input';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** Every status docs/api-guide.md and api-decisions.md document for these routes. */
const DOCUMENTED_STATUSES = [200, 201, 204, 400, 401, 404, 405, 413, 415];
const NOT_AN_OBJECT =
  'request body must be a JSON object, sent with Content-Type: application/json';
const NOT_A_UUID = 'uuid must be a UUID';
const NOT_FOUND = 'document not found';

/** Fuzz cases per property; their sum is the number of fuzz cases per database. */
const RUNS = {
  create: 150,
  update: 100,
  rawBodies: 120,
  listQuery: 150,
  uuidParam: 120,
  routes: 200,
  wrongTokens: 120,
  health: 40,
};
const TOTAL_RUNS = Object.values(RUNS).reduce((sum, runs) => sum + runs, 0);

interface DocRow {
  title: string;
  html: string;
  updated_at: string;
}

type Headers = Record<string, string>;

interface HtmlChoice {
  /** Well-formed safe markup, which must be stored unchanged. */
  safe: boolean;
  html: string;
}

const isHtmlChoice = (value: unknown): value is HtmlChoice =>
  typeof value === 'object' && value !== null && 'safe' in value && 'html' in value;

describe(`hostile input (${databaseKind})`, () => {
  let test: TestApp;
  /** The user whose valid token the fuzzed requests carry. */
  let user: TestUser;
  /** Another user, whose document must never be reachable with `user`'s token. */
  let other: TestUser;
  let othersDoc: string;
  let othersDocRow: DocRow;
  const casesRun: Record<string, number> = {};

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
    other = await givenUser(test);
    othersDoc = await givenDoc(test, other, { title: 'Not yours', html: '<p>secret</p>' });
    othersDocRow = await docRow(othersDoc);
  });
  afterAll(async () => {
    // Whatever was fuzzed, the other user's document is as it was.
    expect(await docRow(othersDoc)).toEqual(othersDocRow);
    await test.close();
  });

  const count = (property: keyof typeof RUNS) => {
    casesRun[property] = (casesRun[property] ?? 0) + 1;
  };

  /** The document's row as stored, read straight from the table. */
  async function docRow(uuid: string): Promise<DocRow> {
    const rows: { title: string; html: string; updated_at: Date | string }[] =
      await test.dataSource.query('SELECT title, html, updated_at FROM docs WHERE uuid = ?', [
        uuid,
      ]);
    expect(rows).toHaveLength(1);
    const updatedAt = rows[0].updated_at;
    return {
      title: rows[0].title,
      html: rows[0].html,
      updated_at: updatedAt instanceof Date ? updatedAt.toISOString() : String(updatedAt),
    };
  }

  async function folderPathsOf(who: TestUser): Promise<string[]> {
    const rows: { path: string }[] = await test.dataSource.query(
      'SELECT path FROM folders WHERE user_id = ?',
      [who.id],
    );
    return rows.map((row) => row.path);
  }

  /** `{"error": "<non-empty string>"}` as JSON, nothing else. */
  function expectErrorBody(response: request.Response): string {
    expect(response.headers['content-type']).toMatch(/^application\/json\b/);
    expect(Object.keys(response.body as object)).toEqual(['error']);
    const { error } = response.body as { error: unknown };
    expect(typeof error).toBe('string');
    expect((error as string).trim()).not.toBe('');
    return error as string;
  }

  /** A documented status; a JSON error body on errors (HEAD answers carry no body). */
  function expectDocumentedAnswer(response: request.Response, method = 'GET') {
    expect(DOCUMENTED_STATUSES).toContain(response.status);
    if (response.status >= 400 && method !== 'HEAD') expectErrorBody(response);
  }

  /** Neither the body nor any header of the answer holds the token that was sent. */
  function expectNoTokenIn(response: request.Response, token: string) {
    const secret = token.startsWith('dms_') ? token.slice(4) : token;
    const headers = JSON.stringify(response.headers);
    const body = response.text ?? '';
    for (const text of [token, secret]) {
      if (text.length < 8) continue;
      expect(headers).not.toContain(text);
      expect(body).not.toContain(text);
    }
  }

  function postJsonText(text: string, headers: Headers = user.auth) {
    return request(test.http)
      .post('/api/v1/docs')
      .set(headers)
      .set('Content-Type', 'application/json')
      .send(text);
  }

  describe('POST /api/v1/docs', () => {
    const createBody = fc.oneof(
      {
        weight: 9,
        arbitrary: fc.record({
          fields: fc.record({
            title: fieldValue(fc.oneof(nastyText(), textOfCodePoints(250, 258))),
            html: fieldValue(
              fc.oneof(
                nastyText().map((text): HtmlChoice => ({
                  safe: true,
                  html: `<p>${escapeText(text)}</p>`,
                })),
                nastyText().map((text): HtmlChoice => ({ safe: false, html: text })),
              ),
            ),
            path: fieldValue(folderPath),
          }),
          extra: unknownFields,
        }),
      },
      { weight: 1, arbitrary: nonString.map((value) => ({ whole: value })) },
    );

    it(`random bodies: 201 exactly when the rules allow, stored as GET shows, else 400 and nothing stored (${RUNS.create} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(createBody, async (input) => {
          count('create');
          const before = await tableCounts(test);
          const foldersBefore = await folderPathsOf(user);

          if ('whole' in input) {
            const response = await postJsonText(JSON.stringify(input.whole));
            expect(response.status).toBe(400);
            expect(expectErrorBody(response)).toMatch(/^request body must be a JSON object|title/);
            expectNoTokenIn(response, user.token);
            expect(await tableCounts(test)).toEqual(before);
            return;
          }

          const htmlField = isHtmlChoice(input.fields.html) ? input.fields.html : undefined;
          const html = htmlField ? htmlField.html : input.fields.html;
          const fields = { title: input.fields.title, html, path: input.fields.path };
          const response = await postJsonText(jsonObjectText(fields, input.extra));
          expectNoTokenIn(response, user.token);

          const title = titleVerdict(fields.title);
          const path = fields.path === undefined ? pathVerdict('~') : pathVerdict(fields.path);
          const htmlOk = fields.html === undefined || typeof fields.html === 'string';
          if (!(title.ok && path.ok && htmlOk)) {
            expect(response.status).toBe(400);
            expectErrorBody(response);
            expect(await tableCounts(test)).toEqual(before);
            expect(await folderPathsOf(user)).toEqual(foldersBefore);
            return;
          }

          expect(response.status).toBe(201);
          expect(response.body).toEqual({ uuid: expect.stringMatching(UUID) });
          const { uuid } = response.body as { uuid: string };
          expect(response.headers.location).toBe(`/api/v1/docs/${uuid}`);
          const newFolders = lineage(path.value).filter((p) => !foldersBefore.includes(p));
          expect(await tableCounts(test)).toEqual({
            docs: before.docs + 1,
            user_docs: before.user_docs + 1,
            folders: before.folders + newFolders.length,
          });
          expect((await folderPathsOf(user)).sort()).toEqual(
            [...foldersBefore, ...newFolders].sort(),
          );

          const stored = await docRow(uuid);
          const shown = await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth);
          expect(shown.status).toBe(200);
          expect(shown.body).toEqual({
            id: expect.any(Number),
            uuid,
            title: title.value,
            html: stored.html,
            path: path.value,
            created_at: expect.stringMatching(ISO_UTC_MS),
            updated_at: expect.stringMatching(ISO_UTC_MS),
            version: 1,
            role: 'owner',
            user_docs: [{ user: expect.objectContaining({ id: user.id }) }],
          });
          expect(stored.title).toBe(title.value);
          if (fields.html === undefined) expect(stored.html).toBe('');
          if (htmlField?.safe) {
            expect(stored.html).toBe((fields.html as string).replace(/\u00a0/g, '&nbsp;'));
          }
          expect(stored.html).not.toMatch(/<script|javascript:|\son\w+=/i);
        }),
        fuzzParameters(RUNS.create),
      );
      expect(casesRun.create).toBe(RUNS.create);
    });

    it.each(SQL_METACHARACTERS.map((text) => [JSON.stringify(text), text]))(
      'SQL metacharacters %s in title, html, path and query values are stored verbatim',
      async (_name, text) => {
        const owner = await givenUser(test);
        const html = `<p>${escapeText(text)}</p>`;
        const response = await request(test.http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: text, html });
        expect(response.status).toBe(201);
        const { uuid } = response.body as { uuid: string };
        expect(await docRow(uuid)).toEqual({ title: text, html, updated_at: expect.any(String) });
        const shown = await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth);
        expect(shown.body).toEqual(expect.objectContaining({ title: text, html, path: '~' }));

        // In a path, around and inside folder names ('/' separates names, so "/*" makes two).
        const sentPath = `~/ ${text} /x${text}y`;
        const path = pathVerdict(sentPath);
        const before = await tableCounts(test);
        const inFolder = await request(test.http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: `in ${text}`, path: sentPath });
        expectNoTokenIn(inFolder, owner.token);
        if (!path.ok) {
          expect(inFolder.status).toBe(400);
          expect(expectErrorBody(inFolder)).toMatch(/^(path|folder names) must/);
          expect(await tableCounts(test)).toEqual(before);
        } else {
          expect(inFolder.status).toBe(201);
          const inFolderUuid = (inFolder.body as { uuid: string }).uuid;
          const stored = await request(test.http)
            .get(`/api/v1/docs/${inFolderUuid}`)
            .set(owner.auth);
          expect((stored.body as { path: string }).path).toBe(path.value);
          const folders = await request(test.http).get('/api/v1/folders').set(owner.auth);
          expect((folders.body as { path: string }[]).map((f) => f.path)).toEqual(
            lineage(path.value),
          );
          const listed = await request(test.http)
            .get(`/api/v1/docs?path=${encodeURIComponent(sentPath)}`)
            .set(owner.auth);
          expect(listed.status).toBe(200);
          expect((listed.body as { docs: { uuid: string }[] }).docs.map((d) => d.uuid)).toEqual([
            inFolderUuid,
          ]);
        }

        for (const query of ['page', 'per_page']) {
          const bad = await request(test.http)
            .get(`/api/v1/docs?${query}=${encodeURIComponent(text)}`)
            .set(owner.auth);
          expect(bad.status).toBe(400);
          expect(expectErrorBody(bad)).toMatch(new RegExp(`^${query} must`));
        }
        const badUuid = await request(test.http)
          .get(`/api/v1/docs/${encodeURIComponent(`${uuid}${text}`)}`)
          .set(owner.auth);
        expect(badUuid.status).toBe(400);
        expect(expectErrorBody(badUuid)).toBe(NOT_A_UUID);
        const list = await request(test.http).get('/api/v1/docs').set(owner.auth);
        expect((list.body as { pagination: { total_count: number } }).pagination.total_count).toBe(
          path.ok ? 2 : 1,
        );
      },
    );

    it('a path of exactly 4,096 code points is accepted, one more is refused', async () => {
      const owner = await givenUser(test);
      const names = [...Array.from({ length: 15 }, () => '😀'.repeat(255)), 'é'.repeat(254)];
      const longest = ['~', ...names].join('/');
      expect([...longest].length).toBe(4096);
      const before = await tableCounts(test);
      const tooLong = await request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .send({ title: 'Too deep', path: `${longest}x` });
      expect(tooLong.status).toBe(400);
      expect(expectErrorBody(tooLong)).toBe('path must be at most 4096 characters');
      expect(await tableCounts(test)).toEqual(before);

      const uuid = await givenDoc(test, owner, { path: longest });
      const shown = await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth);
      expect((shown.body as { path: string }).path).toBe(longest);
      expect(await folderPathsOf(owner)).toHaveLength(16);
    });

    it('a path of 64 folder names is accepted; 65, or 2,000, are refused on create and in the list filter', async () => {
      const owner = await givenUser(test);
      const deepest = ['~', ...Array.from({ length: 64 }, (_, i) => `f${i}`)].join('/');
      const before = await tableCounts(test);
      for (const depth of [65, 600, 2000]) {
        const path = ['~', ...Array.from({ length: depth }, (_, i) => `f${i}`)].join('/');
        const tooDeep = await request(test.http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: 'Too deep', path });
        expect({ depth, status: tooDeep.status, body: tooDeep.body as unknown }).toEqual({
          depth,
          status: 400,
          body: { error: 'path must have at most 64 folder names after "~"' },
        });
        const filtered = await request(test.http)
          .get('/api/v1/docs')
          .query({ path })
          .set(owner.auth);
        expect({ depth, status: filtered.status, body: filtered.body as unknown }).toEqual({
          depth,
          status: 400,
          body: { error: 'path must have at most 64 folder names after "~"' },
        });
      }
      expect(await tableCounts(test)).toEqual(before);

      const uuid = await givenDoc(test, owner, { path: deepest });
      const listed = await request(test.http)
        .get('/api/v1/docs')
        .query({ path: deepest })
        .set(owner.auth)
        .expect(200);
      expect((listed.body as { docs: { uuid: string }[] }).docs.map((doc) => doc.uuid)).toEqual([
        uuid,
      ]);
      expect(await folderPathsOf(owner)).toHaveLength(64);
    });

    // Lone surrogates ("\ud800" in JSON) are not Unicode scalar values: UTF-8 cannot hold them.
    // The service must refuse them (400) or give back exactly what it accepted.
    it.each([
      ['title', '{"title":"a\\ud800b"}', 'title', 'a\ud800b'],
      ['html', '{"title":"t","html":"<p>\\udc00</p>"}', 'html', '<p>\udc00</p>'],
      ['path', '{"title":"t","path":"~/x\\ud83d"}', 'path', '~/x\ud83d'],
    ])('a lone surrogate in %s is refused or round-trips', async (_field, json, key, sent) => {
      const before = await tableCounts(test);
      const response = await postJsonText(json);
      expect([201, 400]).toContain(response.status);
      if (response.status === 400) {
        expectErrorBody(response);
        expect(await tableCounts(test)).toEqual(before);
        return;
      }
      const { uuid } = response.body as { uuid: string };
      const shown = await request(test.http).get(`/api/v1/docs/${uuid}`).set(user.auth);
      expect((shown.body as Record<string, unknown>)[key]).toBe(sent);
    });
  });

  describe('PUT /api/v1/docs/{uuid}', () => {
    let target: string;

    beforeAll(async () => {
      target = await givenDoc(test, user, { title: 'Fuzz target', html: '<p>start</p>' });
    });

    const updateBody = fc.oneof(
      {
        weight: 9,
        arbitrary: fc.record({
          fields: fc.record({
            title: fieldValue(fc.oneof(nastyText(), textOfCodePoints(250, 258))),
            html: fieldValue(nastyText()),
          }),
          extra: unknownFields,
        }),
      },
      { weight: 1, arbitrary: nonString.map((value) => ({ whole: value })) },
    );

    it(`random bodies: 204 exactly when the rules allow, else 400 and the document unchanged (${RUNS.update} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(updateBody, async (input) => {
          count('update');
          const before = await tableCounts(test);
          const rowBefore = await docRow(target);
          const text =
            'whole' in input
              ? JSON.stringify(input.whole)
              : jsonObjectText(input.fields, input.extra);
          const response = await request(test.http)
            .put(`/api/v1/docs/${target}`)
            .set(user.auth)
            .set('Content-Type', 'application/json')
            .send(text);
          expectNoTokenIn(response, user.token);
          expect(await tableCounts(test)).toEqual(before);

          const fields = 'whole' in input ? undefined : input.fields;
          const title = titleVerdict(fields?.title);
          const accepted =
            fields !== undefined &&
            (fields.title !== undefined || fields.html !== undefined) &&
            (fields.title === undefined || title.ok) &&
            (fields.html === undefined || typeof fields.html === 'string');
          if (!accepted) {
            expect(response.status).toBe(400);
            expectErrorBody(response);
            expect(await docRow(target)).toEqual(rowBefore);
            return;
          }
          expect(response.status).toBe(204);
          expect(response.text ?? '').toBe('');
          const rowAfter = await docRow(target);
          expect(rowAfter.title).toBe(title.ok ? title.value : rowBefore.title);
          if (fields.html === undefined) expect(rowAfter.html).toBe(rowBefore.html);
          expect(Date.parse(rowAfter.updated_at)).toBeGreaterThan(Date.parse(rowBefore.updated_at));
          const shown = await request(test.http).get(`/api/v1/docs/${target}`).set(user.auth);
          expect(shown.body).toEqual(
            expect.objectContaining({ title: rowAfter.title, html: rowAfter.html }),
          );
        }),
        fuzzParameters(RUNS.update),
      );
      expect(casesRun.update).toBe(RUNS.update);
    });
  });

  describe('raw bodies and content types on writes', () => {
    let target: string;

    beforeAll(async () => {
      target = await givenDoc(test, user, { title: 'Raw target', html: '<p>raw</p>' });
    });

    /** A create (POST) or an update of the target (PUT), with the user's token. */
    const writeToTarget = (method: string) =>
      (method === 'POST'
        ? request(test.http).post('/api/v1/docs')
        : request(test.http).put(`/api/v1/docs/${target}`)
      ).set(user.auth);

    const JSON_TYPES = [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/vnd.api+json',
      'application/merge-patch+json',
    ];
    const OTHER_TYPES = [
      undefined,
      'text/plain',
      'text/json',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/octet-stream',
      'application/jsonx',
      'json',
      '*/*',
      ';;;',
    ];
    const validObject = fc
      .record({ title: nastyText(3), html: nastyText(3) })
      .map((fields) => JSON.stringify({ title: `ok ${fields.title}`, html: fields.html }));
    const rawBody = fc.oneof(
      validObject,
      // Valid JSON cut short somewhere: malformed.
      fc
        .tuple(validObject, fc.nat())
        .map(([json, cut]) => json.slice(0, 1 + (cut % (json.length - 1)))),
      nastyText(6),
      fc.constantFrom(
        '',
        ' ',
        '{',
        '}',
        '{"title":}',
        "{'title':'single quotes'}",
        '{"title":"x",}',
        '{"title":"x"}{"title":"y"}',
        '{"title":"x"} trailing',
        'title=form&html=encoded',
        '<doc><title>xml</title></doc>',
        'NaN',
        '[1,2',
        '{"title":"\\x41"}',
        '\u0000',
        '\uFEFF',
        '\uFEFF{"title":"after a byte order mark"}',
        `{"title":"nested","a":${'['.repeat(200)}${']'.repeat(200)}}`,
      ),
    );

    const NOT_UTF8 = 'request body must be UTF-8 (Content-Type: application/json; charset=utf-8)';
    const NOT_AN_ENCODING =
      'request body has an unsupported Content-Encoding (identity, gzip, deflate and br are)';
    it.each([
      ['POST', 'application/json; charset=latin1', undefined, NOT_UTF8],
      // The JSON parser would decode these and read noise (400): refused as charsets instead.
      ['POST', 'application/json; charset=utf-16', undefined, NOT_UTF8],
      ['PUT', 'application/json; charset="UTF-32"', undefined, NOT_UTF8],
      ['POST', 'application/vnd.api+json; charset=iso-8859-1', undefined, NOT_UTF8],
      ['POST', 'application/json', 'foo', NOT_AN_ENCODING],
      ['PUT', 'application/json', 'compress', NOT_AN_ENCODING],
    ])(
      '%s as %s, Content-Encoding %s: 415 with the JSON error, documented, nothing stored',
      async (method, contentType, encoding, message) => {
        const before = await tableCounts(test);
        const rowBefore = await docRow(target);
        let call = writeToTarget(method).set('Content-Type', contentType);
        if (encoding !== undefined) call = call.set('Content-Encoding', encoding);
        const response = await call.send('{"title":"refused"}');
        expect({ status: response.status, body: response.body as unknown }).toEqual({
          status: 415,
          body: { error: message },
        });
        expectDocumentedAnswer(response, method);
        expect(await tableCounts(test)).toEqual(before);
        expect(await docRow(target)).toEqual(rowBefore);
      },
    );

    it.each([
      ['application/json; charset="UTF-8"', 'identity', (text: string) => Buffer.from(text)],
      ['application/json;charset=utf-8', 'gzip', (text: string) => gzipSync(text)],
      ['application/json', 'deflate', (text: string) => deflateSync(text)],
      ['application/json', 'br', (text: string) => brotliCompressSync(text)],
    ])('accepts %s with Content-Encoding %s', async (contentType, encoding, encode) => {
      // Sent by fetch(): supertest would serialise a Buffer sent as JSON.
      const answer = await withListeningServer(test, async (base) => {
        const response = await fetch(`${base}/api/v1/docs`, {
          method: 'POST',
          headers: { ...user.auth, 'Content-Type': contentType, 'Content-Encoding': encoding },
          body: encode(JSON.stringify({ title: `sent as ${encoding}` })),
        });
        return { status: response.status, body: (await response.json()) as { uuid: string } };
      });
      expect(answer.status).toBe(201);
      const stored = await request(test.http)
        .get(`/api/v1/docs/${answer.body.uuid}`)
        .set(user.auth);
      expect((stored.body as { title: string }).title).toBe(`sent as ${encoding}`);
    });

    it(`never 500: non-JSON types get 400, malformed JSON 400, nothing stored on refusal (${RUNS.rawBodies} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'PUT'),
          fc.oneof(fc.constantFrom(...JSON_TYPES), fc.constantFrom(...OTHER_TYPES)),
          rawBody,
          async (method, contentType, body) => {
            count('rawBodies');
            const before = await tableCounts(test);
            const rowBefore = await docRow(target);
            let call = writeToTarget(method);
            call =
              contentType === undefined
                ? call.send(body).unset('Content-Type')
                : call.set('Content-Type', contentType).send(body);
            const response = await call;
            expectNoTokenIn(response, user.token);
            expectDocumentedAnswer(response, method);

            const isJsonType = contentType !== undefined && JSON_TYPES.includes(contentType);
            let parsed: unknown;
            let parses = true;
            // A byte order mark before the JSON is ignored (RFC 8259, 8.1), as by the service.
            const text = body.startsWith('\uFEFF') ? body.slice(1) : body;
            try {
              parsed = text === '' ? {} : JSON.parse(text);
            } catch {
              parses = false;
            }
            const success = method === 'POST' ? 201 : 204;
            if (response.status === success) {
              expect(isJsonType && parses).toBe(true);
              expect(typeof parsed === 'object' && parsed !== null).toBe(true);
              if (method === 'POST') {
                expect(await tableCounts(test)).toEqual({
                  ...before,
                  docs: before.docs + 1,
                  user_docs: before.user_docs + 1,
                });
              }
              return;
            }
            expect(response.status).toBe(400);
            const error = expectErrorBody(response);
            if (!isJsonType) expect(error).toBe(NOT_AN_OBJECT);
            else if (!parses) expect(error).toMatch(/^request body is not valid JSON/);
            expect(await tableCounts(test)).toEqual(before);
            expect(await docRow(target)).toEqual(rowBefore);
          },
        ),
        fuzzParameters(RUNS.rawBodies),
      );
      expect(casesRun.rawBodies).toBe(RUNS.rawBodies);
    });

    it.each([
      ['charset=latin1', { 'Content-Type': 'application/json; charset=latin1' }],
      ['an unknown charset', { 'Content-Type': 'application/json; charset=x-unknown' }],
      ['an unknown Content-Encoding', { 'Content-Encoding': 'x-unknown' }],
      ['gzip that is not gzip', { 'Content-Encoding': 'gzip' }],
    ])('a JSON body with %s is refused with a JSON error, nothing stored', async (_n, headers) => {
      const before = await tableCounts(test);
      const response = await request(test.http)
        .post('/api/v1/docs')
        .set(user.auth)
        .set('Content-Type', 'application/json')
        .set(headers)
        .send('{"title":"encoded"}');
      // 415 is what body-parser reports; docs/api-guide.md documents only 400 for unusable bodies.
      expect([400, 415]).toContain(response.status);
      expectErrorBody(response);
      expect(await tableCounts(test)).toEqual(before);
    });

    // Found by fuzzing: JSON nested a few thousand levels deep (a body of ~10 KB) answered 500.
    it.each(['POST', 'PUT'])(
      '%s: deeply nested JSON in an unknown field is 400 before parsing, nothing stored',
      async (method) => {
        const before = await tableCounts(test);
        const rowBefore = await docRow(target);
        const depth = 5000;
        const body = `{"title":"Deep","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        const call =
          method === 'POST'
            ? request(test.http).post('/api/v1/docs')
            : request(test.http).put(`/api/v1/docs/${target}`);
        const response = await call
          .set(user.auth)
          .set('Content-Type', 'application/json')
          .send(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'request body is nested more than 64 levels deep' });
        expect(await tableCounts(test)).toEqual(before);
        expect(await docRow(target)).toEqual(rowBefore);
      },
    );

    describe('body shape limits: 1,000 keys per object, 64 levels', () => {
      const keys = (count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
      const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

      it.each([
        ['1,000 keys at the top', { title: 'Wide', ...keys(999) }],
        ['1,000 keys in an unknown field', { title: 'Wide', extra: keys(1000) }],
        ['64 levels', { title: 'Deep', extra: nested(63) }],
      ])('%s: accepted (201)', async (_label, body) => {
        const response = await request(test.http).post('/api/v1/docs').set(user.auth).send(body);
        expect(response.status).toBe(201);
      });

      it.each([
        ['1,001 keys at the top', { title: 'Wide', ...keys(1000) }, 'keys'],
        ['1,001 keys in an unknown field', { title: 'Wide', extra: keys(1001) }, 'keys'],
        ['65 levels', { title: 'Deep', extra: nested(64) }, 'levels'],
      ])('%s: 400, nothing stored', async (_label, body, limit) => {
        const before = await tableCounts(test);
        const response = await request(test.http).post('/api/v1/docs').set(user.auth).send(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error:
            limit === 'keys'
              ? 'request body has an object of more than 1000 keys'
              : 'request body is nested more than 64 levels deep',
        });
        expect(await tableCounts(test)).toEqual(before);
      });
    });
  });

  describe('GET /api/v1/docs query strings', () => {
    let lister: TestUser;
    const ODD_FOLDER = "~/it's 100%_done";

    beforeAll(async () => {
      lister = await givenUser(test);
      for (let i = 0; i < 3; i++) await givenDoc(test, lister);
      for (let i = 0; i < 2; i++) await givenDoc(test, lister, { path: ODD_FOLDER });
    });

    const integerText = fc.oneof(
      fc.nat({ max: 200 }).map(String),
      fc.integer({ min: -3, max: 3 }).map(String),
      fc.constantFrom(
        '',
        '1.5',
        '1e1',
        '0x10',
        ' 1',
        '1 ',
        '+1',
        '٣',
        '１',
        '00002',
        '9007199254740991',
        '9007199254740992',
        '99999999999999999999999',
        'NaN',
        'Infinity',
        '-0',
        "1' OR 1=1 --",
        '1;DROP TABLE docs',
        '1%',
        '1_',
      ),
      nastyText(2),
    );
    const pathText = fc.oneof(
      folderPath,
      fc.constantFrom('~', ' ~ ', ODD_FOLDER, ` ~ / it's 100%_done `, '~/nope', "~/it''s"),
    );
    /** undefined (absent), one value, or the key repeated. */
    const queryValue = (text: fc.Arbitrary<string>) =>
      fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 6, arbitrary: text },
        { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) },
      );

    it(`page, per_page and path: 200 with the right page exactly when valid, else 400 (${RUNS.listQuery} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            page: queryValue(integerText),
            per_page: queryValue(integerText),
            path: queryValue(pathText),
          }),
          fc.dictionary(fc.constantFrom('q', "x'", 'page[]', 'sort', 'token'), nastyText(2), {
            maxKeys: 2,
          }),
          async (query, extra) => {
            count('listQuery');
            const pairs: string[] = [];
            for (const [key, value] of [...Object.entries(extra), ...Object.entries(query)]) {
              for (const one of value === undefined ? [] : [value].flat()) {
                pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(one)}`);
              }
            }
            const before = await tableCounts(test);
            const response = await request(test.http)
              .get(`/api/v1/docs?${pairs.join('&')}`)
              .set(lister.auth);
            expectNoTokenIn(response, lister.token);
            expect(await tableCounts(test)).toEqual(before);

            const single = (value: unknown) => (Array.isArray(value) ? null : value);
            const page = single(query.page) as string | undefined | null;
            const perPage = single(query.per_page) as string | undefined | null;
            const path = single(query.path) as string | undefined | null;
            const pathResult = path === undefined ? undefined : pathVerdict(path);
            const valid =
              page !== null &&
              perPage !== null &&
              path !== null &&
              queryIntegerVerdict(page, 1, Number.MAX_SAFE_INTEGER) &&
              queryIntegerVerdict(perPage, 1, 100) &&
              (pathResult === undefined || pathResult.ok);
            if (!valid) {
              expect(response.status).toBe(400);
              expect(expectErrorBody(response)).toMatch(/\b(page|per_page|path|folder names)\b/);
              return;
            }
            expect(response.status).toBe(200);
            const wanted = pathResult?.ok ? pathResult.value : undefined;
            const total =
              wanted === undefined ? 5 : wanted === '~' ? 3 : wanted === ODD_FOLDER ? 2 : 0;
            const current = Number(page ?? 1);
            const size = Number(perPage ?? 20);
            const totalPages = Math.ceil(total / size);
            const body = response.body as {
              docs: { path: string; user_docs: { user: { id: number } }[] }[];
              pagination: Record<string, number | null>;
            };
            expect(body.pagination).toEqual({
              current_page: current,
              next_page: current < totalPages ? current + 1 : null,
              prev_page: current > 1 && current <= totalPages ? current - 1 : null,
              total_pages: totalPages,
              total_count: total,
            });
            const onPage = Math.max(0, Math.min(size, total - (current - 1) * size));
            expect(body.docs).toHaveLength(onPage);
            for (const doc of body.docs) {
              expect(doc.user_docs[0].user.id).toBe(lister.id);
              if (wanted !== undefined) expect(doc.path).toBe(wanted);
            }
          },
        ),
        fuzzParameters(RUNS.listQuery),
      );
      expect(casesRun.listQuery).toBe(RUNS.listQuery);
    });
  });

  describe('the {uuid} parameter of GET, PUT and DELETE', () => {
    let mine: string;

    beforeAll(async () => {
      mine = await givenDoc(test, user, { title: 'Mine', html: '<p>mine</p>' });
    });

    const parameter = fc.oneof(
      fc.uuid(),
      fc.uuid().map((uuid) => uuid.toUpperCase()),
      fc.constant('MINE'),
      fc.constant('OTHERS'),
      fc
        .tuple(fc.constantFrom('MINE', 'OTHERS'), fc.constantFrom(...SQL_METACHARACTERS))
        .map(([which, text]) => `${which}${text}`),
      fc.constantFrom(...SQL_METACHARACTERS.map((text) => `00000000-0000-4000-8000-${text}`)),
      fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '{00000000-0000-4000-8000-000000000000}',
        '00000000000040008000000000000000',
        'urn:uuid:00000000-0000-4000-8000-000000000000',
        ' 00000000-0000-4000-8000-000000000000',
        '%',
        '%zz',
        '*',
        'null',
        'undefined',
        "' OR 1=1 --",
      ),
      nastyText(4),
    );

    it(`400 for what is not a UUID, 404 for any UUID but the user's own (${RUNS.uuidParam} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'PUT', 'DELETE'),
          parameter.filter((text) => text.trim() !== '' && !['.', '..'].includes(text)),
          fc.boolean(),
          async (method, raw, encode) => {
            count('uuidParam');
            const value = raw.replace('MINE', mine).replace('OTHERS', othersDoc);
            // '%' and '%zz' are sent as written (malformed percent-encoding); other values
            // percent-encoded, or as written when they are made of plain path characters.
            const plain = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/.test(value);
            const segment =
              value.startsWith('%') || (plain && !encode) ? value : encodeURIComponent(value);
            const url = `/api/v1/docs/${segment}`;
            const before = await tableCounts(test);
            const mineBefore = await docRow(mine);
            let call =
              method === 'GET'
                ? request(test.http).get(url)
                : method === 'PUT'
                  ? request(test.http).put(url).send({ title: 'Changed by fuzz' })
                  : request(test.http).delete(url);
            call = call.set(user.auth);
            const isMine = value.toLowerCase() === mine;
            if (isMine && method !== 'GET') return; // the user may change their own document
            const response = await call;
            expectNoTokenIn(response, user.token);
            expectDocumentedAnswer(response, method);
            expect(await tableCounts(test)).toEqual(before);
            expect(await docRow(mine)).toEqual(mineBefore);

            let decoded: string | null;
            try {
              decoded = decodeURIComponent(segment);
            } catch {
              decoded = null;
            }
            if (decoded === null) {
              expect(response.status).toBe(400);
              expect(expectErrorBody(response)).toBe('request URL has malformed percent-encoding');
            } else if (!SERVICE_UUID.test(decoded)) {
              expect(response.status).toBe(400);
              expect(expectErrorBody(response)).toBe(NOT_A_UUID);
            } else if (decoded.toLowerCase() === mine) {
              expect(response.status).toBe(200);
              expect((response.body as { uuid: string }).uuid).toBe(mine);
            } else {
              expect(response.status).toBe(404);
              expect(expectErrorBody(response)).toBe(NOT_FOUND);
            }
          },
        ),
        fuzzParameters(RUNS.uuidParam),
      );
      expect(casesRun.uuidParam).toBe(RUNS.uuidParam);
    });
  });

  describe('unknown routes, odd methods and paths', () => {
    const METHODS = [
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'HEAD',
      'TRACE',
      'PROPFIND',
    ];
    const segment = fc.oneof(
      fc.constantFrom('api', 'v1', 'v2', 'docs', 'folders', 'health', 'api-json', '..', '.', ''),
      fc.uuid(),
      nastyText(2).map(encodeURIComponent),
      fc.constantFrom('%', '%00', '%2e%2e', '%2F', '%ff', '%c0%af', '%u0041', ';', "'"),
    );
    const urlPath = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
      fc.array(segment, { maxLength: 3 }).map((parts) => `/api/v1/${['docs', ...parts].join('/')}`),
      fc.constantFrom('/api/v1/folders', '/api/v1/folders/', '/api/v1/docs', '/health/', '//'),
    );
    const credentials = fc.constantFrom('valid', 'none', 'wrong');

    it.each([
      ['GET', '/API/V1/docs'],
      ['GET', '/Api/v1/docs'],
      ['GET', '/api/V1/docs'],
      ['GET', '/api/v1/DOCS'],
      ['GET', '/api/v1/Folders'],
      ['POST', '/API/V1/docs'],
      ['GET', '/HEALTH'],
      ['GET', '/API-JSON'],
    ])('routes match case-sensitively: %s %s is 404, nothing stored', async (method, path) => {
      const owner = await givenUser(test);
      const before = await tableCounts(test);
      const call = method === 'POST' ? request(test.http).post(path) : request(test.http).get(path);
      const response = await call
        .set(owner.auth)
        .send(method === 'POST' ? { title: 'x' } : undefined);
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 404,
        body: { error: `no route ${method} ${path}` },
      });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(await tableCounts(test)).toEqual(before);
    });

    it(`answer only documented statuses with JSON errors, store nothing unless created (${RUNS.routes} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...METHODS),
          urlPath,
          fc.oneof(
            fc.constant(''),
            nastyText(2).map((q) => `?q=${encodeURIComponent(q)}`),
          ),
          credentials,
          fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
          async (method, path, query, who, body) => {
            count('routes');
            const wrongToken = `dms_${'Z'.repeat(43)}`;
            const before = await tableCounts(test);
            let call = request(test.http)[method.toLowerCase() as 'get'](`${path}${query}`);
            if (who === 'valid') call = call.set(user.auth);
            if (who === 'wrong') call = call.set('Authorization', `Bearer ${wrongToken}`);
            if (body !== undefined && !['GET', 'HEAD'].includes(method)) {
              call = call.set('Content-Type', 'application/json').send(JSON.stringify(body));
            }
            const response = await call;
            expectDocumentedAnswer(response, method);
            expectNoTokenIn(response, user.token);
            expectNoTokenIn(response, wrongToken);
            if (response.status === 201) {
              expect(await tableCounts(test)).toEqual({
                ...before,
                docs: before.docs + 1,
                user_docs: before.user_docs + 1,
              });
            } else {
              expect(await tableCounts(test)).toEqual(before);
            }
          },
        ),
        fuzzParameters(RUNS.routes),
      );
      expect(casesRun.routes).toBe(RUNS.routes);
    });

    it(`GET /health answers 200 {"status":"ok","database":"up"} whatever the query and headers (${RUNS.health} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          nastyText(3),
          fc.constantFrom('', 'Bearer x', `Bearer dms_${'a'.repeat(43)}`, "' OR 1=1 --"),
          async (query, authorization) => {
            count('health');
            let call = request(test.http).get(`/health?x=${encodeURIComponent(query)}`);
            if (authorization !== '') call = call.set('Authorization', authorization);
            const response = await call;
            expect(response.status).toBe(200);
            expect(response.headers['content-type']).toMatch(/^application\/json\b/);
            expect(response.body).toEqual({ status: 'ok', database: 'up' });
          },
        ),
        fuzzParameters(RUNS.health),
      );
      expect(casesRun.health).toBe(RUNS.health);
    });
  });

  describe('tokens', () => {
    let mine: string;

    beforeAll(async () => {
      mine = await givenDoc(test, user, { title: 'Guarded', html: '<p>guarded</p>' });
    });

    /** Printable Latin-1 text: what an HTTP header can carry. */
    const headerText = (min: number, max: number) =>
      fc
        .array(
          fc.oneof(
            fc.constantFrom("'", '"', '\\', ';', '--', '/*', '%', '_', '`', '=', ' ', 'é'),
            fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }),
          ),
          { minLength: min, maxLength: max },
        )
        .map((parts) => parts.join(''))
        .filter((text) => /^[\x20-\x7e\xa0-\xff]*$/.test(text));
    const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const wrongToken = fc.oneof(
      fc.constantFrom(...SQL_METACHARACTERS.filter((t) => /^[\x20-\x7e]+$/.test(t))),
      fc.constantFrom("dms_' OR 1=1 --", "dms_x' OR '1'='1", 'dms_%', 'dms_*', 'dms_'),
      headerText(1, 60),
      fc
        .array(fc.constantFrom(...BASE64URL), { minLength: 43, maxLength: 43 })
        .map((chars) => `dms_${chars.join('')}`),
      // The real token, one character changed, cut short, lengthened or re-cased.
      fc.tuple(fc.nat(), fc.constantFrom(...BASE64URL, "'", '%', ';')).map(([at, char]) => {
        const i = 4 + (at % 43);
        const token = user.token;
        const changed = token.slice(0, i) + char + token.slice(i + 1);
        return changed === token ? `${token}${char}` : changed;
      }),
      fc.constantFrom('cut', 'long', 'upper', 'lower', 'sql', 'quoted').map((how) => {
        const token = user.token;
        return {
          cut: token.slice(0, -1),
          long: `${token}A`,
          upper: token.toUpperCase(),
          lower: token.toLowerCase(),
          sql: `${token}' OR 1=1 --`,
          quoted: `'${token}'`,
        }[how];
      }),
    );
    const endpoint = fc.constantFrom(
      'GET /api/v1/docs',
      'POST /api/v1/docs',
      'GET /api/v1/docs/:mine',
      'PUT /api/v1/docs/:mine',
      'DELETE /api/v1/docs/:mine',
      'GET /api/v1/folders',
    );

    it(`a wrong token, SQL metacharacters included, gets 401 and is never echoed (${RUNS.wrongTokens} cases)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          wrongToken.filter((token) => token.trim() !== '' && token !== user.token),
          fc.constantFrom('Bearer', 'bearer', 'BEARER'),
          endpoint,
          async (token, scheme, route) => {
            count('wrongTokens');
            const [method, path] = route.split(' ');
            const before = await tableCounts(test);
            const mineBefore = await docRow(mine);
            const url = path.replace(':mine', mine);
            let call = request(test.http)[method.toLowerCase() as 'get'](url);
            call = call.set('Authorization', `${scheme} ${token}`);
            if (method === 'POST' || method === 'PUT') call = call.send({ title: 'By a stranger' });
            const response = await call;
            expect(response.status).toBe(401);
            expectErrorBody(response);
            expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
            expectNoTokenIn(response, token);
            expectNoTokenIn(response, user.token);
            expect(await tableCounts(test)).toEqual(before);
            expect(await docRow(mine)).toEqual(mineBefore);
          },
        ),
        fuzzParameters(RUNS.wrongTokens),
      );
      expect(casesRun.wrongTokens).toBe(RUNS.wrongTokens);
    });

    it('a valid token is not echoed by 400, 404 or 413 errors either', async () => {
      const answers = [
        await request(test.http).post('/api/v1/docs').set(user.auth).send({ title: 5 }),
        await request(test.http).get('/api/v1/docs?per_page=0').set(user.auth),
        await request(test.http).get(`/api/v1/docs/${user.token}`).set(user.auth),
        await request(test.http).get(`/api/v1/docs/${othersDoc}`).set(user.auth),
        await request(test.http)
          .put(`/api/v1/docs/${mine}`)
          .set(user.auth)
          .send({ html: 'a'.repeat(5 * 1024 * 1024 + 1) }),
      ];
      expect(answers.map((response) => response.status)).toEqual([400, 400, 400, 404, 413]);
      for (const response of answers) {
        expectErrorBody(response);
        expectNoTokenIn(response, user.token);
      }
    });

    it('a token in ?access_token= or a body field access_token never authenticates', async () => {
      const before = await tableCounts(test);
      const inQuery = await request(test.http).get(`/api/v1/docs?access_token=${user.token}`);
      const inBody = await request(test.http)
        .post('/api/v1/docs')
        .send({ title: 'Body token', access_token: user.token });
      for (const response of [inQuery, inBody]) {
        expect(response.status).toBe(401);
        expectErrorBody(response);
        expectNoTokenIn(response, user.token);
      }
      expect(await tableCounts(test)).toEqual(before);
    });

    // docs/api-guide.md: unknown fields are ignored. An `access_token` next to a valid Authorization
    // header is answered 401 "invalid bearer token" instead.
    it.each([
      ['a query parameter', '/api/v1/docs?access_token=x', undefined],
      ['a body field', '/api/v1/docs', { title: 'Extra field', access_token: 'x' }],
    ])(
      'an unrelated access_token as %s does not make a valid token invalid',
      async (_n, url, body) => {
        const response =
          body === undefined
            ? await request(test.http).get(url).set(user.auth)
            : await request(test.http).post(url).set(user.auth).send(body);
        expect(response.status).toBe(body === undefined ? 200 : 201);
      },
    );

    it('api_tokens holds only the SHA-256 of each token, never the token', async () => {
      const rows: Record<string, unknown>[] = await test.dataSource.query(
        'SELECT * FROM api_tokens',
      );
      const hashes = rows.map((row) => row.token_hash);
      for (const who of [user, other]) {
        expect(hashes).toContain(createHash('sha256').update(who.token, 'utf8').digest('hex'));
        const secret = who.token.slice('dms_'.length);
        for (const row of rows) {
          for (const value of Object.values(row)) {
            const text = value instanceof Date ? value.toISOString() : String(value);
            expect(text).not.toContain(secret);
            expect(text.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 16));
          }
        }
      }
    });
  });

  it(`ran ${TOTAL_RUNS} fuzz cases`, () => {
    // Runs last: every property ran its fixed number of cases (none skipped or cut short).
    expect(casesRun).toEqual(RUNS);
    expect(ODD_UNICODE.length).toBeGreaterThan(0);
  });
});
