import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { IS_PUBLIC_ROUTE } from '../../src/common/decorators/public.decorator';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { tableCounts } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const CHALLENGE = 'Bearer error="insufficient_scope", scope="docs:write"';
const READ_ONLY_ERROR =
  'insufficient scope: writing needs a token with docs:write; this token has docs:read';
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

function expectInsufficientScope(response: request.Response) {
  expect(response.status).toBe(403);
  expect(response.headers['www-authenticate']).toBe(CHALLENGE);
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  expect(response.body).toEqual({ error: READ_ONLY_ERROR });
}

/** Every route the application serves, read from the controllers' own metadata. */
function routesOf(test: TestApp): { method: Method; path: string; isPublic: boolean }[] {
  const routes: { method: Method; path: string; isPublic: boolean }[] = [];
  for (const module of test.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const isPublic =
          Reflect.getMetadata(IS_PUBLIC_ROUTE, handler) === true ||
          Reflect.getMetadata(IS_PUBLIC_ROUTE, controller) === true;
        const full = ['api/v1', base, path].filter((part) => part && part !== '/').join('/');
        routes.push({ method: method.toLowerCase() as Method, path: `/${full}`, isPublic });
      }
    }
  }
  return routes;
}

describe(`scoped tokens (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let other: TestUser;
  /** The owner's token made with `--scope docs:read`. */
  let readOnly: { Authorization: string };
  let docUuid: string;
  let othersDoc: string;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    other = await givenUser(test);
    docUuid = await givenDoc(test, owner, {
      title: 'Kept',
      html: '<p>as it was</p>',
      path: '~/kept',
    });
    othersDoc = await givenDoc(test, other, { title: 'Not yours' });
    const issued = await test.app
      .get(ApiTokensService)
      .issue({ email: owner.email, name: 'reader', scopes: ['docs:read'] });
    expect(issued.scopes).toEqual(['docs:read']);
    readOnly = { Authorization: `Bearer ${issued.token}` };
  });
  afterAll(() => test.close());

  /** What the owner can see, read with the full token: must not move under refused writes. */
  async function ownerState() {
    const detail = await request(test.http)
      .get(`/api/v1/docs/${docUuid}`)
      .set(owner.auth)
      .expect(200);
    const list = await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
    const folders = await request(test.http).get('/api/v1/folders').set(owner.auth).expect(200);
    return {
      detail: detail.body,
      list: list.body,
      folders: folders.body,
      rows: await tableCounts(test),
    };
  }

  describe('a read-only token gets 403 on every write, and nothing changes', () => {
    const writes: { name: string; method: Method; url: () => string; body?: object }[] = [
      {
        name: 'create',
        method: 'post',
        url: () => '/api/v1/docs',
        body: { title: 'Not made', path: '~/new/folder' },
      },
      {
        name: 'update',
        method: 'put',
        url: () => `/api/v1/docs/${docUuid}`,
        body: { title: 'Not changed', html: '<p>no</p>' },
      },
      { name: 'delete', method: 'delete', url: () => `/api/v1/docs/${docUuid}` },
    ];

    it.each(writes)('$name', async ({ method, url, body }) => {
      const before = await ownerState();
      let call = request(test.http)[method](url()).set(readOnly);
      if (body) call = call.send(body);
      expectInsufficientScope(await call);
      expect(await ownerState()).toEqual(before);
    });

    it('every non-GET route of the application, members operations included, whatever it is', async () => {
      const routes = routesOf(test);
      const writeRoutes = routes.filter(
        (route) => !route.isPublic && route.method !== 'get' && route.method !== 'head',
      );
      // The writes of 1.0 at least; routes added later are covered here without a change.
      expect(writeRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
        expect.arrayContaining([
          'post /api/v1/docs',
          'put /api/v1/docs/:uuid',
          'delete /api/v1/docs/:uuid',
        ]),
      );
      const before = await ownerState();
      for (const route of writeRoutes) {
        const url = route.path.replace(':uuid', docUuid).replace(/:[a-z_]+/g, String(other.id));
        const agent = request(test.http);
        const response = await agent[route.method](url)
          .set(readOnly)
          .send({ email: other.email, role: 'editor', title: 'x', name: 'x' });
        // Tokens are managed with tokens:write, users with admin: a read-only token lacks both.
        const otherScope = route.path.startsWith('/api/v1/tokens')
          ? 'tokens:write'
          : route.path.startsWith('/api/v1/users')
            ? 'admin'
            : null;
        if (otherScope) {
          expect(response.status).toBe(403);
          expect(response.headers['www-authenticate']).toBe(
            `Bearer error="insufficient_scope", scope="${otherScope}"`,
          );
          continue;
        }
        expectInsufficientScope(response);
      }
      expect(await ownerState()).toEqual(before);
    });
  });

  describe('the scope is checked before anything else about the request', () => {
    it.each([
      ['a create with an invalid body', 'post', '/api/v1/docs', { title: 42 }],
      ['a create with no body', 'post', '/api/v1/docs', undefined],
      ['an update with an empty body', 'put', `/api/v1/docs/${MISSING_UUID}`, {}],
      ['an update of a malformed uuid', 'put', '/api/v1/docs/not-a-uuid', { title: 'x' }],
      [
        'an update of a document that does not exist',
        'put',
        `/api/v1/docs/${MISSING_UUID}`,
        { title: 'x' },
      ],
      ['a delete of a malformed uuid', 'delete', '/api/v1/docs/nope', undefined],
      [
        'a delete of a document that does not exist',
        'delete',
        `/api/v1/docs/${MISSING_UUID}`,
        undefined,
      ],
    ] as const)('403 (not 400 or 404) for %s', async (_case, method, url, body) => {
      let call = request(test.http)[method](url).set(readOnly);
      if (body !== undefined) call = call.send(body);
      expectInsufficientScope(await call);
    });

    it("403, not 404, for another user's document: a read-only token learns nothing", async () => {
      expectInsufficientScope(
        await request(test.http)
          .put(`/api/v1/docs/${othersDoc}`)
          .set(readOnly)
          .send({ title: 'x' }),
      );
      expectInsufficientScope(
        await request(test.http).delete(`/api/v1/docs/${othersDoc}`).set(readOnly),
      );
      await request(test.http).get(`/api/v1/docs/${othersDoc}`).set(other.auth).expect(200);
    });

    it('a body is read only after the token and its scope: not JSON is 403 read-only, 401 without a token', async () => {
      const send = (auth: Record<string, string>) =>
        request(test.http)
          .post('/api/v1/docs')
          .set(auth)
          .set('Content-Type', 'application/json')
          .send('{"title": ');
      expectInsufficientScope(await send(readOnly));
      const anonymousAnswer = await send({});
      expect(anonymousAnswer.status).toBe(401);
      expect(anonymousAnswer.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('an invalid token is 401 before any scope is considered', async () => {
      const user = await givenUser(test);
      const tokens = test.app.get(ApiTokensService);
      const issued = await tokens.issue({ email: user.email, scopes: ['docs:read'] });
      await tokens.revoke(issued.token);
      const response = await request(test.http)
        .post('/api/v1/docs')
        .set('Authorization', `Bearer ${issued.token}`)
        .send({ title: 'x' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'bearer token has been revoked' });
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    });
  });

  describe('reads work with a read-only token', () => {
    it.each([
      ['the list', '/api/v1/docs'],
      ['one folder of the list', '/api/v1/docs?path=~/kept'],
      ['a document', () => `/api/v1/docs/${docUuid}`],
      ['the folders', '/api/v1/folders'],
    ] as const)('%s: 200 with the same body as the full token', async (_case, url) => {
      const target = typeof url === 'function' ? url() : url;
      const full = await request(test.http).get(target).set(owner.auth).expect(200);
      const read = await request(test.http).get(target).set(readOnly);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(full.body);
      expect(read.headers['www-authenticate']).toBeUndefined();
    });

    it('a missing document is still 404 for a read', async () => {
      const response = await request(test.http).get(`/api/v1/docs/${MISSING_UUID}`).set(readOnly);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'document not found' });
    });

    it('HEAD is a read', async () => {
      await request(test.http).head('/api/v1/docs').set(readOnly).expect(200);
    });
  });

  describe('a token with docs:write', () => {
    it('made with docs:write alone has docs:read too, and can create, update, read and delete', async () => {
      const user = await givenUser(test);
      const issued = await test.app
        .get(ApiTokensService)
        .issue({ email: user.email, scopes: ['docs:write'] });
      expect(issued.scopes).toEqual(['docs:read', 'docs:write']);
      const auth = { Authorization: `Bearer ${issued.token}` };

      const created = await request(test.http)
        .post('/api/v1/docs')
        .set(auth)
        .send({ title: 'Written' })
        .expect(201);
      const url = `/api/v1/docs/${created.body.uuid}`;
      await request(test.http).put(url).set(auth).send({ title: 'Rewritten' }).expect(204);
      const read = await request(test.http).get(url).set(auth).expect(200);
      expect(read.body.title).toBe('Rewritten');
      await request(test.http).delete(url).set(auth).expect(204);
      await request(test.http).get(url).set(auth).expect(404);
    });

    it('a token made without --scope has both', async () => {
      const user = await givenUser(test);
      const issued = await test.app.get(ApiTokensService).issue({ email: user.email });
      expect(issued.scopes).toEqual(['docs:read', 'docs:write']);
      await request(test.http)
        .post('/api/v1/docs')
        .set('Authorization', `Bearer ${issued.token}`)
        .send({ title: 'Default scopes' })
        .expect(201);
    });
  });

  describe('storage', () => {
    it('keeps the scopes and the first 8 characters with the token, never more of it', async () => {
      const user = await givenUser(test);
      const tokens = test.app.get(ApiTokensService);
      const reader = await tokens.issue({ email: user.email, scopes: ['docs:read'] });
      const rows: { token_prefix: string | null; scopes: string }[] = await test.dataSource.query(
        'SELECT token_prefix, scopes FROM api_tokens WHERE user_id = ? ORDER BY id',
        [user.id],
      );
      expect(rows).toEqual([
        { token_prefix: user.token.slice(0, 8), scopes: 'docs:read docs:write' },
        { token_prefix: reader.token.slice(0, 8), scopes: 'docs:read' },
      ]);
    });

    it('refuses unknown scopes, and stores nothing', async () => {
      const user = await givenUser(test);
      const tokens = test.app.get(ApiTokensService);
      await expect(
        tokens.issue({ email: user.email, scopes: ['docs:read', 'docs:admin'] }),
      ).rejects.toThrow('unknown scope "docs:admin": scope must be one of docs:read, docs:write');
      expect(await tokens.listForUser(user.email)).toHaveLength(1);
    });
  });

  describe('with a rate limit', () => {
    let limited: TestApp;

    beforeAll(async () => {
      process.env.RATE_LIMIT_PER_TOKEN = '2';
      limited = await startTestApp();
      process.env.RATE_LIMIT_PER_TOKEN = '0';
    });
    // The same database as `test`: only the app is closed here.
    afterAll(() => limited.app.close());

    it('refused writes count against the token’s limit: 403, 403, then 429', async () => {
      const user = await givenUser(limited);
      const issued = await limited.app
        .get(ApiTokensService)
        .issue({ email: user.email, scopes: ['docs:read'] });
      const send = () =>
        request(limited.http)
          .post('/api/v1/docs')
          .set('Authorization', `Bearer ${issued.token}`)
          .send({ title: 'x' });
      expectInsufficientScope(await send());
      expectInsufficientScope(await send());
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toEqual(expect.any(String));
    });
  });
});
