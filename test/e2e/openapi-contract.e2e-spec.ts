// The committed openapi.json as a contract: every documented response of every operation is
// provoked for real, and each real response must be documented for its operation, carry the
// documented headers and match the documented schema (no field missing, none extra).
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { OwnTokensService } from '../../src/auth/own-tokens.service';
import { toSqlTimestamp } from '../../src/database/sql-values';
import { DocGroupsService } from '../../src/docs/sharing/doc-groups.service';
import { DocUsersService } from '../../src/docs/sharing/doc-users.service';
import { FolderSharesService } from '../../src/docs/sharing/folder-shares.service';
import { DocsService } from '../../src/docs/documents/docs.service';
import { RevisionsService } from '../../src/docs/revisions/revisions.service';
import { TrashService } from '../../src/docs/trash/trash.service';
import { SearchService } from '../../src/search/search.service';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { FoldersService } from '../../src/folders/folders.service';
import { GroupsService } from '../../src/groups/groups.service';
import { hashIdempotencyKey } from '../../src/idempotency/idempotency-key';
import { requestFingerprint } from '../../src/idempotency/request-fingerprint';
import { UsersService } from '../../src/users/users.service';
import { givenDoc, givenGroup, givenSharedDoc, givenUser, TestUser } from '../support/builders';
import {
  ContractChecker,
  documentedResponses,
  openapi,
  operation,
} from '../support/openapi-contract';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const DOCS = '/api/v1/docs';
const DOC = '/api/v1/docs/{uuid}';
const FOLDERS = '/api/v1/folders';
const DOC_USERS = '/api/v1/docs/{uuid}/users';
const DOC_USER = '/api/v1/docs/{uuid}/users/{user_id}';
const REVISIONS = '/api/v1/docs/{uuid}/revisions';
const REVISION = '/api/v1/docs/{uuid}/revisions/{version}';
const RESTORE = '/api/v1/docs/{uuid}/revisions/{version}/restore';
const TRASH = '/api/v1/trash';
const SEARCH = '/api/v1/search';
const TRASH_RESTORE = '/api/v1/trash/{uuid}/restore';
const TRASHED = '/api/v1/trash/{uuid}';
const WEBHOOKS = '/api/v1/webhooks';
const WEBHOOK = '/api/v1/webhooks/{id}';
const WEBHOOK_DELIVERIES = '/api/v1/webhooks/{id}/deliveries';
/** A public address written out: the target guard needs no DNS for it (nothing is sent). */
const WEBHOOK_TARGET = { url: 'https://93.184.216.34/hook', events: ['document.created'] };
const DOC_GROUPS = '/api/v1/docs/{uuid}/groups';
const DOC_GROUP = '/api/v1/docs/{uuid}/groups/{group_id}';
const FOLDER_SHARES = '/api/v1/folders/shares';
const FOLDER_SHARE = '/api/v1/folders/shares/{id}';
const GROUPS = '/api/v1/groups';
const GROUP = '/api/v1/groups/{id}';
const GROUP_MEMBERS = '/api/v1/groups/{id}/members';
const GROUP_MEMBER = '/api/v1/groups/{id}/members/{user_id}';
const HEALTH = '/health';
const ME = '/api/v1/me';
const TOKENS = '/api/v1/tokens';
const TOKEN = '/api/v1/tokens/{id}';
const USERS = '/api/v1/users';
const USER = '/api/v1/users/{id}';
const USER_TOKENS = '/api/v1/users/{id}/tokens';
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const OVERSIZED = { title: 'Big', html: 'x'.repeat(5 * 1024 * 1024 + 1) };
/**
 * The longest folder path there is (4,096 characters, each four bytes in UTF-8: 48 KiB in a
 * query), and a query over the 64 KiB the server reads of a request line and headers.
 */
const LONGEST_PATH = `~/${[...Array<string>(15).fill('😀'.repeat(255)), '😀'.repeat(254)].join('/')}`;
const LONGEST_PATH_QUERY = `path=${encodeURIComponent(LONGEST_PATH)}`;
const OVERSIZED_QUERY = `path=~/${'x'.repeat(70_000)}`;
const INSUFFICIENT_SCOPE = 'Bearer error="insufficient_scope", scope="docs:write"';

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** A response counted against a limit of 1: the three headers, with `remaining` left. */
function expectRateLimitHeaders(response: request.Response, remaining: string): void {
  expect(response.headers).toMatchObject({
    'x-ratelimit-limit': '1',
    'x-ratelimit-remaining': remaining,
    'x-ratelimit-reset': expect.stringMatching(/^[1-9]\d*$/) as unknown,
  });
}

/** The request body Swagger UI fills in: each property's documented example. */
function exampleBody(schemaName: string): Record<string, unknown> {
  const schema = openapi.components.schemas[schemaName] as {
    properties: Record<string, { example?: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [name, property.example]),
  );
}

describe(`responses match openapi.json (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;
  let other: TestUser;
  /** A token of `user` made with `--scope docs:read`. */
  let readOnly: string;
  const contract = new ContractChecker();

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test, { avatarUrl: 'https://example.com/ada.png' });
    other = await givenUser(test);
    readOnly = (
      await test.app
        .get(ApiTokensService)
        .issue({ email: user.email, name: 'reader', scopes: ['docs:read'] })
    ).token;
  });

  /** A write refused for a read-only token: 403 with the RFC 6750 challenge. */
  function expectInsufficientScope(response: { status: number; headers: object }) {
    expect(response.status).toBe(403);
    expect((response.headers as Record<string, string>)['www-authenticate']).toBe(
      INSUFFICIENT_SCOPE,
    );
  }
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  /** Sends a request to a documented route and checks the response against the document. */
  async function call(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    options: {
      uuid?: string;
      id?: string;
      userId?: number | string;
      groupId?: number | string;
      version?: number | string;
      query?: string;
      token?: string | null;
      body?: unknown;
      headers?: Record<string, string>;
      app?: TestApp;
    } = {},
  ) {
    const url =
      path
        .replace('{uuid}', options.uuid ?? '')
        .replace('{id}', options.id ?? MISSING_UUID)
        .replace('{user_id}', String(options.userId ?? ''))
        .replace('{group_id}', String(options.groupId ?? ''))
        .replace('{version}', String(options.version ?? '')) + (options.query ?? '');
    let pending = request((options.app ?? test).http)[method](url);
    const token = options.token === undefined ? user.token : options.token;
    if (token !== null) pending = pending.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      pending = pending.set(name, value);
    }
    if (options.body !== undefined) pending = pending.send(options.body as object);
    const response = await pending;
    contract.check(method, path, response);
    return response;
  }

  function failNextCall<T extends object>(service: T, method: keyof T & string) {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest
      .spyOn(service, method as never)
      .mockRejectedValueOnce(new Error('simulated failure') as never);
  }

  /** The next call of `method` fails as when the database is unreachable. */
  function databaseDownForNextCall<T extends object>(service: T, method: keyof T & string) {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(service, method as never).mockRejectedValueOnce(unreachable as never);
  }

  let uuid: string;

  describe('createDoc', () => {
    it('201 with the documented example body', async () => {
      const response = await call('post', DOCS, { body: exampleBody('CreateDocDto') });
      expect(response.status).toBe(201);
      uuid = response.body.uuid;
      expect(response.headers.location).toBe(`${DOCS}/${uuid}`);
    });

    it('201 with the title alone', async () => {
      expect((await call('post', DOCS, { body: { title: 'Only a title' } })).status).toBe(201);
    });

    it.each([
      ['no title', { html: '<p>x</p>' }],
      ['a number as title', { title: 42 }],
      ['a malformed path', { title: 'x', path: '~/a//b' }],
      ['a title too long', { title: 'x'.repeat(256) }],
    ])('400 for %s', async (_case, body) => {
      expect((await call('post', DOCS, { body })).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await call('post', DOCS, { token: null, body: { title: 'x' } })).status).toBe(401);
    });

    describe('with an Idempotency-Key', () => {
      const keyed = (key: string, body: object) =>
        call('post', DOCS, { body, headers: { 'Idempotency-Key': key } });

      it('201, then the same 201 replayed with Idempotency-Replayed: true', async () => {
        const first = await keyed('contract-1', { title: 'Keyed' });
        expect(first.status).toBe(201);
        expect(first.headers['idempotency-replayed']).toBeUndefined();
        const replay = await keyed('contract-1', { title: 'Keyed' });
        expect(replay.status).toBe(201);
        expect(replay.headers['idempotency-replayed']).toBe('true');
        expect(replay.body).toEqual(first.body);
      });

      it('400 for a key that is not 1 to 255 visible ASCII characters', async () => {
        expect((await keyed('with space', { title: 'x' })).status).toBe(400);
      });

      it('409 with Retry-After while a request with the key is still running', async () => {
        // The row a request holding the key writes before it creates the document.
        const now = Date.now();
        await test.dataSource.query(
          `INSERT INTO idempotency_keys (user_id, key_hash, fingerprint, resource_id, attempt,
            lease_until, created_at, expires_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
          [
            user.id,
            hashIdempotencyKey('contract-running'),
            requestFingerprint({ title: 'x', html: '', path: '~' }),
            MISSING_UUID,
            toSqlTimestamp(new Date(now + 30_000)),
            toSqlTimestamp(new Date(now)),
            toSqlTimestamp(new Date(now + 86_400_000)),
          ],
        );
        const response = await keyed('contract-running', { title: 'x' });
        expect(response.status).toBe(409);
        expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      });

      it('422 for the same key with another body', async () => {
        await keyed('contract-2', { title: 'First' });
        expect((await keyed('contract-2', { title: 'Second' })).status).toBe(422);
      });
    });

    it('413 for a body over 5 MiB', async () => {
      expect((await call('post', DOCS, { body: OVERSIZED })).status).toBe(413);
    });

    it('415 for a body that is not UTF-8', async () => {
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      expect((await call('post', DOCS, { body: '{"title":"x"}', headers })).status).toBe(415);
    });

    it('403 with a read-only token', async () => {
      expectInsufficientScope(await call('post', DOCS, { token: readOnly, body: { title: 'x' } }));
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocsService), 'create');
      expect((await call('post', DOCS, { body: { title: 'x' } })).status).toBe(500);
    });
  });

  describe('listDocs', () => {
    it.each([
      ['the first page', ''],
      ['a middle page (both neighbours set)', '?page=2&per_page=1'],
      ['a page past the end', '?page=99'],
      ['one folder', '?path=~/reports/2024'],
    ])('200 for %s', async (_case, query) => {
      expect((await call('get', DOCS, { query })).status).toBe(200);
    });

    it('200 with no documents for a user who has none', async () => {
      expect((await call('get', DOCS, { token: other.token })).status).toBe(200);
    });

    it.each([
      ['per_page above its maximum', '?per_page=101'],
      ['page below its minimum', '?page=0'],
      ['a malformed path', '?path=reports'],
    ])('400 for %s', async (_case, query) => {
      expect((await call('get', DOCS, { query })).status).toBe(400);
    });

    it('401 with an unknown token', async () => {
      expect((await call('get', DOCS, { token: `dms_${'x'.repeat(43)}` })).status).toBe(401);
    });

    it('200 for the longest folder path; 431 for a query over 64 KiB', async () => {
      await call('post', DOCS, { body: { title: 'Deep', path: LONGEST_PATH } });
      const deep = await call('get', DOCS, { query: `?${LONGEST_PATH_QUERY}` });
      expect(deep.status).toBe(200);
      expect((deep.body as { docs: { path: string }[] }).docs.map((doc) => doc.path)).toEqual([
        LONGEST_PATH,
      ]);
      expect((await call('get', DOCS, { query: `?${OVERSIZED_QUERY}` })).status).toBe(431);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocsService), 'list');
      expect((await call('get', DOCS)).status).toBe(500);
    });
  });

  describe('getDoc', () => {
    it('200 with the document', async () => {
      expect((await call('get', DOC, { uuid })).status).toBe(200);
    });

    it('304 for If-None-Match with its ETag', async () => {
      const { etag } = (await call('get', DOC, { uuid })).headers;
      const response = await call('get', DOC, { uuid, headers: { 'If-None-Match': etag } });
      expect(response.status).toBe(304);
    });

    it('400 for a malformed uuid', async () => {
      expect((await call('get', DOC, { uuid: 'not-a-uuid' })).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await call('get', DOC, { uuid, token: null })).status).toBe(401);
    });

    it("404 for another user's document", async () => {
      expect((await call('get', DOC, { uuid, token: other.token })).status).toBe(404);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocsService), 'get');
      expect((await call('get', DOC, { uuid })).status).toBe(500);
    });
  });

  describe('updateDoc', () => {
    it('204 with the documented example body, and no body', async () => {
      expect((await call('put', DOC, { uuid, body: exampleBody('UpdateDocDto') })).status).toBe(
        204,
      );
    });

    it.each([
      ['an empty body', {}],
      ['a null title', { title: null }],
    ])('400 for %s', async (_case, body) => {
      expect((await call('put', DOC, { uuid, body })).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await call('put', DOC, { uuid, token: null, body: { title: 'x' } })).status).toBe(
        401,
      );
    });

    it('404 for a document that does not exist', async () => {
      expect((await call('put', DOC, { uuid: MISSING_UUID, body: { title: 'x' } })).status).toBe(
        404,
      );
    });

    it('403 for a viewer', async () => {
      const shared = await givenSharedDoc(test, user, other, 'viewer');
      const response = await call('put', DOC, {
        uuid: shared,
        token: other.token,
        body: { title: 'x' },
      });
      expect(response.status).toBe(403);
    });

    it('412 for an If-Match of an older version', async () => {
      const response = await call('put', DOC, {
        uuid,
        headers: { 'If-Match': '"1"' },
        body: { title: 'x' },
      });
      expect(response.status).toBe(412);
    });

    it('413 for a body over 5 MiB', async () => {
      expect((await call('put', DOC, { uuid, body: OVERSIZED })).status).toBe(413);
    });

    it('415 for a body that is not UTF-8', async () => {
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      expect((await call('put', DOC, { uuid, body: '{"title":"x"}', headers })).status).toBe(415);
    });

    it('403 with a read-only token', async () => {
      expectInsufficientScope(
        await call('put', DOC, { uuid, token: readOnly, body: { title: 'x' } }),
      );
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocsService), 'update');
      expect((await call('put', DOC, { uuid, body: { title: 'x' } })).status).toBe(500);
    });
  });

  describe('listFolders', () => {
    it('200 with the folders', async () => {
      expect((await call('get', FOLDERS)).status).toBe(200);
    });

    it('200 with a page of them (Link and X-Total-Count)', async () => {
      expect((await call('get', FOLDERS, { query: '?page=2&per_page=1' })).status).toBe(200);
    });

    it.each([
      ['per_page above its maximum', '?per_page=1001'],
      ['page below its minimum', '?page=0'],
    ])('400 for %s', async (_case, query) => {
      expect((await call('get', FOLDERS, { query })).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await call('get', FOLDERS, { token: null })).status).toBe(401);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(FoldersService), 'list');
      expect((await call('get', FOLDERS)).status).toBe(500);
    });
  });

  describe('shareDoc', () => {
    let shared: string;
    let guest: TestUser;

    beforeAll(async () => {
      shared = await givenDoc(test, user);
      guest = await givenUser(test);
    });

    it('201 with the documented example body (for its user), then 200 for a new role', async () => {
      const body = { ...exampleBody('AddDocUserDto'), email: guest.email };
      expect((await call('post', DOC_USERS, { uuid: shared, body })).status).toBe(201);
      const again = { email: guest.email, role: 'viewer' };
      expect((await call('post', DOC_USERS, { uuid: shared, body: again })).status).toBe(200);
    });

    it.each([
      ['role owner', { email: 'x@example.com', role: 'owner' }],
      ['a malformed e-mail', { email: 'nope' }],
    ])('400 for %s', async (_case, body) => {
      expect((await call('post', DOC_USERS, { uuid: shared, body })).status).toBe(400);
    });

    it('401 without a token', async () => {
      const body = { email: guest.email };
      expect((await call('post', DOC_USERS, { uuid: shared, token: null, body })).status).toBe(401);
    });

    it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
      expect((await call('post', DOC_USERS, { uuid: shared, body: OVERSIZED })).status).toBe(413);
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      const body = JSON.stringify({ email: guest.email });
      expect((await call('post', DOC_USERS, { uuid: shared, body, headers })).status).toBe(415);
    });

    it('403 for a user who is not the owner', async () => {
      const body = { email: other.email };
      const response = await call('post', DOC_USERS, { uuid: shared, token: guest.token, body });
      expect(response.status).toBe(403);
    });

    it('404 for an e-mail of no user', async () => {
      const body = { email: 'nobody@example.com' };
      expect((await call('post', DOC_USERS, { uuid: shared, body })).status).toBe(404);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocUsersService), 'share');
      const body = { email: guest.email };
      expect((await call('post', DOC_USERS, { uuid: shared, body })).status).toBe(500);
    });
  });

  describe('listDocUsers', () => {
    it('200 with the users', async () => {
      expect((await call('get', DOC_USERS, { uuid })).status).toBe(200);
    });

    it('400 for a malformed uuid', async () => {
      expect((await call('get', DOC_USERS, { uuid: 'nope' })).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await call('get', DOC_USERS, { uuid, token: null })).status).toBe(401);
    });

    it('404 for a user who does not have the document', async () => {
      expect((await call('get', DOC_USERS, { uuid, token: other.token })).status).toBe(404);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocUsersService), 'list');
      expect((await call('get', DOC_USERS, { uuid })).status).toBe(500);
    });
  });

  describe('unshareDoc', () => {
    let shared: string;
    let guest: TestUser;

    beforeAll(async () => {
      guest = await givenUser(test);
      shared = await givenSharedDoc(test, user, guest, 'editor');
    });

    it.each([
      ['the owner leaving', () => user.id],
      ['a user_id that is no number', () => 'x1'],
    ])('400 for %s', async (_case, userId) => {
      expect((await call('delete', DOC_USER, { uuid: shared, userId: userId() })).status).toBe(400);
    });

    it('401 without a token', async () => {
      const response = await call('delete', DOC_USER, {
        uuid: shared,
        userId: guest.id,
        token: null,
      });
      expect(response.status).toBe(401);
    });

    it('403 for an editor removing the owner', async () => {
      const response = await call('delete', DOC_USER, {
        uuid: shared,
        userId: user.id,
        token: guest.token,
      });
      expect(response.status).toBe(403);
    });

    it('404 for a user who does not have it', async () => {
      expect((await call('delete', DOC_USER, { uuid: shared, userId: other.id })).status).toBe(404);
    });

    it('enforces the documented bounds of user_id: 400 just outside them, 404 at them', async () => {
      const parameter = operation('delete', DOC_USER).parameters!.find(
        (p) => p.name === 'user_id',
      )!;
      const { minimum, maximum } = parameter.schema as { minimum: number; maximum: number };
      const statusFor = async (userId: number) =>
        (await call('delete', DOC_USER, { uuid: shared, userId })).status;
      expect(await Promise.all([minimum - 1, maximum + 1].map(statusFor))).toEqual([400, 400]);
      expect(await statusFor(maximum)).toBe(404);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocUsersService), 'remove');
      expect((await call('delete', DOC_USER, { uuid: shared, userId: guest.id })).status).toBe(500);
    });

    it('204 when the owner removes a user', async () => {
      expect((await call('delete', DOC_USER, { uuid: shared, userId: guest.id })).status).toBe(204);
    });
  });

  describe('revisions', () => {
    let revised: string;

    beforeAll(async () => {
      revised = await givenSharedDoc(test, user, other, 'viewer', { title: 'First' });
      await request(test.http)
        .put(`/api/v1/docs/${revised}`)
        .set('Authorization', `Bearer ${user.token}`)
        .send({ title: 'Second' })
        .expect(204);
    });

    describe('listRevisions', () => {
      it('200 with the versions', async () => {
        expect((await call('get', REVISIONS, { uuid: revised })).status).toBe(200);
      });

      it('200 for a page of them', async () => {
        const query = '?page=2&per_page=1';
        expect((await call('get', REVISIONS, { uuid: revised, query })).status).toBe(200);
      });

      it('400 for per_page above its maximum', async () => {
        const query = '?per_page=101';
        expect((await call('get', REVISIONS, { uuid: revised, query })).status).toBe(400);
      });

      it('401 without a token', async () => {
        expect((await call('get', REVISIONS, { uuid: revised, token: null })).status).toBe(401);
      });

      it('404 for a document the user does not have', async () => {
        expect((await call('get', REVISIONS, { uuid: MISSING_UUID })).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(RevisionsService), 'list');
        expect((await call('get', REVISIONS, { uuid: revised })).status).toBe(500);
      });
    });

    describe('getRevision', () => {
      it.each([1, 2])('200 with version %s', async (version) => {
        expect((await call('get', REVISION, { uuid: revised, version })).status).toBe(200);
      });

      it('400 for a version that is no positive integer', async () => {
        expect((await call('get', REVISION, { uuid: revised, version: 0 })).status).toBe(400);
      });

      it('401 without a token', async () => {
        const response = await call('get', REVISION, { uuid: revised, version: 1, token: null });
        expect(response.status).toBe(401);
      });

      it('404 for a version not kept', async () => {
        expect((await call('get', REVISION, { uuid: revised, version: 9 })).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(RevisionsService), 'get');
        expect((await call('get', REVISION, { uuid: revised, version: 1 })).status).toBe(500);
      });
    });

    describe('restoreRevision', () => {
      it('200 with the document', async () => {
        expect((await call('post', RESTORE, { uuid: revised, version: 1 })).status).toBe(200);
      });

      it('400 for a version that is no positive integer', async () => {
        expect((await call('post', RESTORE, { uuid: revised, version: 'x' })).status).toBe(400);
      });

      it('401 without a token', async () => {
        const response = await call('post', RESTORE, { uuid: revised, version: 1, token: null });
        expect(response.status).toBe(401);
      });

      it('403 for a viewer', async () => {
        const response = await call('post', RESTORE, {
          uuid: revised,
          version: 1,
          token: other.token,
        });
        expect(response.status).toBe(403);
      });

      it('403 with a read-only token', async () => {
        expectInsufficientScope(
          await call('post', RESTORE, { uuid: revised, version: 1, token: readOnly }),
        );
      });

      it('404 for a version not kept', async () => {
        expect((await call('post', RESTORE, { uuid: revised, version: 99 })).status).toBe(404);
      });

      it('412 for an If-Match of another version', async () => {
        const headers = { 'If-Match': '"999"' };
        const response = await call('post', RESTORE, { uuid: revised, version: 1, headers });
        expect(response.status).toBe(412);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(RevisionsService), 'restore');
        expect((await call('post', RESTORE, { uuid: revised, version: 1 })).status).toBe(500);
      });
    });
  });

  describe('trash', () => {
    let trashed: string;

    beforeAll(async () => {
      trashed = await givenDoc(test, user, { title: 'Binned' });
      await request(test.http)
        .delete(`/api/v1/docs/${trashed}`)
        .set('Authorization', `Bearer ${user.token}`)
        .expect(204);
    });

    describe('listTrash', () => {
      it('200 with the trash', async () => {
        expect((await call('get', TRASH)).status).toBe(200);
      });

      it('400 for per_page above its maximum', async () => {
        expect((await call('get', TRASH, { query: '?per_page=101' })).status).toBe(400);
      });

      it('401 without a token', async () => {
        expect((await call('get', TRASH, { token: null })).status).toBe(401);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(TrashService), 'list');
        expect((await call('get', TRASH)).status).toBe(500);
      });
    });

    describe('restoreFromTrash and purgeFromTrash', () => {
      it.each([
        ['post', TRASH_RESTORE],
        ['delete', TRASHED],
      ] as const)('%s %s: 400 for a malformed uuid', async (method, path) => {
        expect((await call(method, path, { uuid: 'nope' })).status).toBe(400);
      });

      it.each([
        ['post', TRASH_RESTORE],
        ['delete', TRASHED],
      ] as const)('%s %s: 401 without a token, 403 with a read-only one', async (method, path) => {
        expect((await call(method, path, { uuid: trashed, token: null })).status).toBe(401);
        expectInsufficientScope(await call(method, path, { uuid: trashed, token: readOnly }));
      });

      it.each([
        ['post', TRASH_RESTORE, 'restore'],
        ['delete', TRASHED, 'purge'],
      ] as const)(
        '%s %s: 404 for a document not in the trash, 500 when something fails',
        async (method, path, serviceMethod) => {
          expect((await call(method, path, { uuid: MISSING_UUID })).status).toBe(404);
          failNextCall(test.app.get(TrashService), serviceMethod);
          expect((await call(method, path, { uuid: trashed })).status).toBe(500);
        },
      );

      it('200 restored, then 204 purged once trashed again', async () => {
        expect((await call('post', TRASH_RESTORE, { uuid: trashed })).status).toBe(200);
        await request(test.http)
          .delete(`/api/v1/docs/${trashed}`)
          .set('Authorization', `Bearer ${user.token}`)
          .expect(204);
        expect((await call('delete', TRASHED, { uuid: trashed })).status).toBe(204);
      });
    });
  });

  describe('searchDocs', () => {
    it('200 with the matches', async () => {
      const response = await call('get', SEARCH, { query: '?q=binned' });
      expect(response.status).toBe(200);
    });

    it('400 for an empty q', async () => {
      expect((await call('get', SEARCH, { query: '?q=' })).status).toBe(400);
    });

    it('200 in the longest folder path; 431 for a query over 64 KiB', async () => {
      const deep = await call('get', SEARCH, { query: `?q=x&${LONGEST_PATH_QUERY}` });
      expect(deep.status).toBe(200);
      expect((await call('get', SEARCH, { query: `?q=x&${OVERSIZED_QUERY}` })).status).toBe(431);
    });

    it('401 without a token', async () => {
      expect((await call('get', SEARCH, { query: '?q=x', token: null })).status).toBe(401);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(SearchService), 'search');
      expect((await call('get', SEARCH, { query: '?q=x' })).status).toBe(500);
    });
  });

  describe('webhooks', () => {
    let id: string;

    describe('createWebhook', () => {
      it('201 with its secret', async () => {
        const response = await call('post', WEBHOOKS, {
          body: { ...WEBHOOK_TARGET, description: 'Team chat notices' },
        });
        expect(response.status).toBe(201);
        id = (response.body as { id: string }).id;
      });

      it('400 for a private target', async () => {
        const body = { ...WEBHOOK_TARGET, url: 'https://10.0.0.1/hook' };
        expect((await call('post', WEBHOOKS, { body })).status).toBe(400);
      });

      it('401 without a token', async () => {
        const response = await call('post', WEBHOOKS, { body: WEBHOOK_TARGET, token: null });
        expect(response.status).toBe(401);
      });

      it('403 with a read-only token', async () => {
        expectInsufficientScope(
          await call('post', WEBHOOKS, { body: WEBHOOK_TARGET, token: readOnly }),
        );
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(WebhooksService), 'create');
        expect((await call('post', WEBHOOKS, { body: WEBHOOK_TARGET })).status).toBe(500);
      });
    });

    describe('listWebhooks', () => {
      it('200 with the webhooks', async () => {
        expect((await call('get', WEBHOOKS)).status).toBe(200);
      });

      it('401 without a token', async () => {
        expect((await call('get', WEBHOOKS, { token: null })).status).toBe(401);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(WebhooksService), 'list');
        expect((await call('get', WEBHOOKS)).status).toBe(500);
      });
    });

    describe.each([
      ['getWebhook', 'get', WEBHOOK, 'get', undefined, 200],
      ['updateWebhook', 'patch', WEBHOOK, 'update', { events: ['*'] }, 200],
      ['listWebhookDeliveries', 'get', WEBHOOK_DELIVERIES, 'deliveries', undefined, 200],
    ] as const)('%s', (_name, method, path, serviceMethod, body, ok) => {
      it(`${ok} for one of the caller's webhooks`, async () => {
        expect((await call(method, path, { id, body })).status).toBe(ok);
      });

      it('400 for an id that is no UUID', async () => {
        expect((await call(method, path, { id: 'nope', body })).status).toBe(400);
      });

      it('401 without a token', async () => {
        expect((await call(method, path, { id, body, token: null })).status).toBe(401);
      });

      it("404 for another user's webhook", async () => {
        expect((await call(method, path, { id, body, token: other.token })).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(WebhooksService), serviceMethod);
        expect((await call(method, path, { id, body })).status).toBe(500);
      });
    });

    it('updateWebhook: 403 with a read-only token', async () => {
      expectInsufficientScope(
        await call('patch', WEBHOOK, { id, body: { active: false }, token: readOnly }),
      );
    });

    describe('deleteWebhook', () => {
      it('400 for an id that is no UUID', async () => {
        expect((await call('delete', WEBHOOK, { id: 'nope' })).status).toBe(400);
      });

      it('401 without a token', async () => {
        expect((await call('delete', WEBHOOK, { id, token: null })).status).toBe(401);
      });

      it('403 with a read-only token', async () => {
        expectInsufficientScope(await call('delete', WEBHOOK, { id, token: readOnly }));
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(test.app.get(WebhooksService), 'delete');
        expect((await call('delete', WEBHOOK, { id })).status).toBe(500);
      });

      it('204, then 404 for the same webhook', async () => {
        expect((await call('delete', WEBHOOK, { id })).status).toBe(204);
        expect((await call('delete', WEBHOOK, { id })).status).toBe(404);
      });
    });
  });

  describe('deleteDoc', () => {
    it('400 for a malformed uuid', async () => {
      expect((await call('delete', DOC, { uuid: 'nope' })).status).toBe(400);
    });

    it('403 for an editor', async () => {
      const shared = await givenSharedDoc(test, user, other, 'editor');
      const response = await call('delete', DOC, { uuid: shared, token: other.token });
      expect(response.status).toBe(403);
    });

    it('412 for an If-Match of another version', async () => {
      const response = await call('delete', DOC, { uuid, headers: { 'If-Match': '"999"' } });
      expect(response.status).toBe(412);
    });

    it('401 without a token', async () => {
      expect((await call('delete', DOC, { uuid, token: null })).status).toBe(401);
    });

    it('403 with a read-only token', async () => {
      expectInsufficientScope(await call('delete', DOC, { uuid, token: readOnly }));
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(DocsService), 'remove');
      expect((await call('delete', DOC, { uuid })).status).toBe(500);
    });

    it('204, then 404 for the same document', async () => {
      expect((await call('delete', DOC, { uuid })).status).toBe(204);
      expect((await call('delete', DOC, { uuid })).status).toBe(404);
    });
  });

  describe('sharing with groups', () => {
    let shared: string;
    let groupId: number;
    let member: TestUser;
    const docGroups = () => test.app.get(DocGroupsService);

    beforeAll(async () => {
      shared = await givenDoc(test, user);
      member = await givenUser(test);
      groupId = await givenGroup(test, other, [member]);
    });

    describe('shareDocWithGroup', () => {
      it('201 with the documented example body (for its group), then 200 for a new role', async () => {
        const body = { ...exampleBody('AddDocGroupDto'), group_id: groupId };
        expect((await call('post', DOC_GROUPS, { uuid: shared, body })).status).toBe(201);
        const again = { group_id: groupId, role: 'editor' };
        expect((await call('post', DOC_GROUPS, { uuid: shared, body: again })).status).toBe(200);
      });

      it('400, 401, 403 (an editor through the group; a read-only token), 404 (no such group)', async () => {
        const body = { group_id: groupId };
        const badRole = { uuid: shared, body: { group_id: groupId, role: 'owner' } };
        expect((await call('post', DOC_GROUPS, badRole)).status).toBe(400);
        expect((await call('post', DOC_GROUPS, { uuid: shared, token: null, body })).status).toBe(
          401,
        );
        const byEditor = { uuid: shared, token: member.token, body };
        expect((await call('post', DOC_GROUPS, byEditor)).status).toBe(403);
        expectInsufficientScope(
          await call('post', DOC_GROUPS, { uuid: shared, token: readOnly, body }),
        );
        const nowhere = { uuid: shared, body: { group_id: 2147483647 } };
        expect((await call('post', DOC_GROUPS, nowhere)).status).toBe(404);
      });

      it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
        expect((await call('post', DOC_GROUPS, { uuid: shared, body: OVERSIZED })).status).toBe(
          413,
        );
        const headers = { 'Content-Type': 'application/json; charset=utf-16' };
        const body = JSON.stringify({ group_id: groupId });
        expect((await call('post', DOC_GROUPS, { uuid: shared, body, headers })).status).toBe(415);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(docGroups(), 'share');
        const body = { group_id: groupId };
        expect((await call('post', DOC_GROUPS, { uuid: shared, body })).status).toBe(500);
      });
    });

    describe('listDocGroups', () => {
      it('200 for a member of the group, 400 for a malformed uuid, 401, 404 for others', async () => {
        expect((await call('get', DOC_GROUPS, { uuid: shared, token: member.token })).status).toBe(
          200,
        );
        expect((await call('get', DOC_GROUPS, { uuid: 'x' })).status).toBe(400);
        expect((await call('get', DOC_GROUPS, { uuid: shared, token: null })).status).toBe(401);
        const stranger = await givenUser(test);
        expect(
          (await call('get', DOC_GROUPS, { uuid: shared, token: stranger.token })).status,
        ).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(docGroups(), 'list');
        expect((await call('get', DOC_GROUPS, { uuid: shared })).status).toBe(500);
      });
    });

    describe('unshareDocWithGroup', () => {
      it('400, 401, 403 (an editor; a read-only token), 404 (not shared), then 204', async () => {
        const target = { uuid: shared, groupId };
        expect((await call('delete', DOC_GROUP, { uuid: shared, groupId: 'x' })).status).toBe(400);
        expect((await call('delete', DOC_GROUP, { ...target, token: null })).status).toBe(401);
        expect((await call('delete', DOC_GROUP, { ...target, token: member.token })).status).toBe(
          403,
        );
        expectInsufficientScope(await call('delete', DOC_GROUP, { ...target, token: readOnly }));
        const notShared = { uuid: shared, groupId: 2147483647 };
        expect((await call('delete', DOC_GROUP, notShared)).status).toBe(404);
        expect((await call('delete', DOC_GROUP, target)).status).toBe(204);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(docGroups(), 'remove');
        expect((await call('delete', DOC_GROUP, { uuid: shared, groupId })).status).toBe(500);
      });
    });
  });

  describe('folder shares', () => {
    let member: TestUser;
    let groupId: number;
    const folderShares = () => test.app.get(FolderSharesService);

    beforeAll(async () => {
      member = await givenUser(test);
      groupId = await givenGroup(test, other, [member]);
    });

    describe('shareFolder', () => {
      it('201 with the documented example body (for a real user), then 200 for a new role', async () => {
        const body = { ...exampleBody('AddFolderShareDto'), email: member.email };
        expect((await call('post', FOLDER_SHARES, { body })).status).toBe(201);
        const again = { ...body, role: 'viewer' };
        expect((await call('post', FOLDER_SHARES, { body: again })).status).toBe(200);
        const toGroup = { path: '~/contract', group_id: groupId };
        expect((await call('post', FOLDER_SHARES, { body: toGroup })).status).toBe(201);
      });

      it('400, 401, 403 (a read-only token), 404 (no such user; no such group)', async () => {
        const body = { path: '~/contract', group_id: groupId };
        const both = { ...body, email: member.email };
        expect((await call('post', FOLDER_SHARES, { body: both })).status).toBe(400);
        expect((await call('post', FOLDER_SHARES, { token: null, body })).status).toBe(401);
        expectInsufficientScope(await call('post', FOLDER_SHARES, { token: readOnly, body }));
        const nobody = { path: '~', email: 'nobody@example.com' };
        expect((await call('post', FOLDER_SHARES, { body: nobody })).status).toBe(404);
        const noGroup = { path: '~', group_id: 2147483647 };
        expect((await call('post', FOLDER_SHARES, { body: noGroup })).status).toBe(404);
      });

      it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
        expect((await call('post', FOLDER_SHARES, { body: OVERSIZED })).status).toBe(413);
        const headers = { 'Content-Type': 'application/json; charset=utf-16' };
        const body = JSON.stringify({ path: '~', group_id: groupId });
        expect((await call('post', FOLDER_SHARES, { body, headers })).status).toBe(415);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(folderShares(), 'share');
        const body = { path: '~', group_id: groupId };
        expect((await call('post', FOLDER_SHARES, { body })).status).toBe(500);
      });
    });

    describe('listFolderShares', () => {
      it('200 (all; of a folder), 400 for a malformed path, 401', async () => {
        expect((await call('get', FOLDER_SHARES)).status).toBe(200);
        expect((await call('get', FOLDER_SHARES, { query: '?path=~/contract/x' })).status).toBe(
          200,
        );
        expect((await call('get', FOLDER_SHARES, { query: '?path=contract' })).status).toBe(400);
        expect((await call('get', FOLDER_SHARES, { token: null })).status).toBe(401);
      });

      it('200 for the longest folder path; 431 for a query over 64 KiB', async () => {
        const query = `?${LONGEST_PATH_QUERY}`;
        expect((await call('get', FOLDER_SHARES, { query })).status).toBe(200);
        const oversized = `?${OVERSIZED_QUERY}`;
        expect((await call('get', FOLDER_SHARES, { query: oversized })).status).toBe(431);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(folderShares(), 'list');
        expect((await call('get', FOLDER_SHARES)).status).toBe(500);
      });
    });

    describe('unshareFolder', () => {
      it('400, 401, 403 (a read-only token), 404 (not yours), then 204', async () => {
        const made = await request(test.http)
          .post(FOLDER_SHARES)
          .set(user.auth)
          .send({ path: '~/to-remove', group_id: groupId })
          .expect(201);
        const id = String((made.body as { id: number }).id);
        expect((await call('delete', FOLDER_SHARE, { id: 'x' })).status).toBe(400);
        expect((await call('delete', FOLDER_SHARE, { id, token: null })).status).toBe(401);
        expectInsufficientScope(await call('delete', FOLDER_SHARE, { id, token: readOnly }));
        expect((await call('delete', FOLDER_SHARE, { id, token: member.token })).status).toBe(404);
        expect((await call('delete', FOLDER_SHARE, { id })).status).toBe(204);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(folderShares(), 'remove');
        expect((await call('delete', FOLDER_SHARE, { id: '1' })).status).toBe(500);
      });
    });
  });

  describe('groups', () => {
    /** A group `user` manages, with `member` in it. */
    let group: string;
    let member: TestUser;
    const groups = () => test.app.get(GroupsService);

    beforeAll(async () => {
      member = await givenUser(test);
      group = String(await givenGroup(test, user, [member]));
    });

    describe('createGroup', () => {
      it('201 with the documented example body, 409 for it again', async () => {
        const body = exampleBody('CreateGroupDto');
        expect((await call('post', GROUPS, { body })).status).toBe(201);
        expect((await call('post', GROUPS, { body })).status).toBe(409);
      });

      it('400 for an empty name, 401 without a token, 403 with a read-only token', async () => {
        expect((await call('post', GROUPS, { body: { name: ' ' } })).status).toBe(400);
        const body = { name: 'Tokenless' };
        expect((await call('post', GROUPS, { token: null, body })).status).toBe(401);
        expectInsufficientScope(await call('post', GROUPS, { token: readOnly, body }));
      });

      it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
        expect((await call('post', GROUPS, { body: OVERSIZED })).status).toBe(413);
        const headers = { 'Content-Type': 'application/json; charset=utf-16' };
        const body = JSON.stringify({ name: 'Wide' });
        expect((await call('post', GROUPS, { body, headers })).status).toBe(415);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'create');
        expect((await call('post', GROUPS, { body: { name: 'Failing' } })).status).toBe(500);
      });
    });

    describe('listGroups', () => {
      it('200 with the groups, 400 for per_page above its maximum, 401 without a token', async () => {
        expect((await call('get', GROUPS)).status).toBe(200);
        expect((await call('get', GROUPS, { query: '?per_page=101' })).status).toBe(400);
        expect((await call('get', GROUPS, { token: null })).status).toBe(401);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'list');
        expect((await call('get', GROUPS)).status).toBe(500);
      });
    });

    describe('getGroup', () => {
      it('200 for a member, 400 for a malformed id, 401 without a token, 404 for others', async () => {
        expect((await call('get', GROUP, { id: group, token: member.token })).status).toBe(200);
        expect((await call('get', GROUP, { id: 'x' })).status).toBe(400);
        expect((await call('get', GROUP, { id: group, token: null })).status).toBe(401);
        expect((await call('get', GROUP, { id: group, token: other.token })).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'get');
        expect((await call('get', GROUP, { id: group })).status).toBe(500);
      });
    });

    describe('updateGroup', () => {
      it('200 with the documented example body; 409 for a name taken', async () => {
        const target = String(await givenGroup(test, user));
        const body = exampleBody('UpdateGroupDto');
        expect((await call('patch', GROUP, { id: target, body })).status).toBe(200);
        const clash = { name: (body as { name: string }).name.toUpperCase() };
        expect((await call('patch', GROUP, { id: group, body: clash })).status).toBe(409);
      });

      it('400, 401, 403 (a member; a read-only token), 404', async () => {
        const body = { description: 'x' };
        expect((await call('patch', GROUP, { id: group, body: {} })).status).toBe(400);
        expect((await call('patch', GROUP, { id: group, token: null, body })).status).toBe(401);
        const byMember = { id: group, token: member.token, body };
        expect((await call('patch', GROUP, byMember)).status).toBe(403);
        expectInsufficientScope(await call('patch', GROUP, { id: group, token: readOnly, body }));
        const byOther = { id: group, token: other.token, body };
        expect((await call('patch', GROUP, byOther)).status).toBe(404);
      });

      it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
        expect((await call('patch', GROUP, { id: group, body: OVERSIZED })).status).toBe(413);
        const headers = { 'Content-Type': 'application/json; charset=utf-16' };
        const body = JSON.stringify({ description: 'x' });
        expect((await call('patch', GROUP, { id: group, body, headers })).status).toBe(415);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'update');
        const body = { description: 'x' };
        expect((await call('patch', GROUP, { id: group, body })).status).toBe(500);
      });
    });

    describe('deleteGroup', () => {
      it('204 for a manager; 400, 401, 403 (a member; a read-only token), 404', async () => {
        const target = String(await givenGroup(test, user, [member]));
        expect((await call('delete', GROUP, { id: 'x' })).status).toBe(400);
        expect((await call('delete', GROUP, { id: target, token: null })).status).toBe(401);
        expect((await call('delete', GROUP, { id: target, token: member.token })).status).toBe(403);
        expectInsufficientScope(await call('delete', GROUP, { id: target, token: readOnly }));
        expect((await call('delete', GROUP, { id: target, token: other.token })).status).toBe(404);
        expect((await call('delete', GROUP, { id: target })).status).toBe(204);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'delete');
        expect((await call('delete', GROUP, { id: group })).status).toBe(500);
      });
    });

    describe('listGroupMembers', () => {
      it('200, 400 for per_page above its maximum, 401 without a token, 404 for others', async () => {
        expect((await call('get', GROUP_MEMBERS, { id: group })).status).toBe(200);
        const tooMany = { id: group, query: '?per_page=101' };
        expect((await call('get', GROUP_MEMBERS, tooMany)).status).toBe(400);
        expect((await call('get', GROUP_MEMBERS, { id: group, token: null })).status).toBe(401);
        const byOther = { id: group, token: other.token };
        expect((await call('get', GROUP_MEMBERS, byOther)).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'members');
        expect((await call('get', GROUP_MEMBERS, { id: group })).status).toBe(500);
      });
    });

    describe('addGroupMember', () => {
      it('201 with the documented example body (for its user), then 200 for a new role', async () => {
        const guest = await givenUser(test);
        const body = { ...exampleBody('AddGroupMemberDto'), email: guest.email };
        expect((await call('post', GROUP_MEMBERS, { id: group, body })).status).toBe(201);
        const again = { email: guest.email, role: 'manager' };
        expect((await call('post', GROUP_MEMBERS, { id: group, body: again })).status).toBe(200);
        const back = { email: guest.email, role: 'member' };
        expect((await call('post', GROUP_MEMBERS, { id: group, body: back })).status).toBe(200);
      });

      it('400, 401, 403 (a member; a read-only token), 404 (no such user; not a member)', async () => {
        const body = { email: other.email };
        const badRole = { id: group, body: { email: other.email, role: 'owner' } };
        expect((await call('post', GROUP_MEMBERS, badRole)).status).toBe(400);
        const tokenless = { id: group, token: null, body };
        expect((await call('post', GROUP_MEMBERS, tokenless)).status).toBe(401);
        const byMember = { id: group, token: member.token, body };
        expect((await call('post', GROUP_MEMBERS, byMember)).status).toBe(403);
        const readOnlyCall = { id: group, token: readOnly, body };
        expectInsufficientScope(await call('post', GROUP_MEMBERS, readOnlyCall));
        const nobody = { id: group, body: { email: 'nobody@example.com' } };
        expect((await call('post', GROUP_MEMBERS, nobody)).status).toBe(404);
        const byOther = { id: group, token: other.token, body };
        expect((await call('post', GROUP_MEMBERS, byOther)).status).toBe(404);
      });

      it('413 for a body over 5 MiB, 415 for one that is not UTF-8', async () => {
        expect((await call('post', GROUP_MEMBERS, { id: group, body: OVERSIZED })).status).toBe(
          413,
        );
        const headers = { 'Content-Type': 'application/json; charset=utf-16' };
        const body = JSON.stringify({ email: other.email });
        expect((await call('post', GROUP_MEMBERS, { id: group, body, headers })).status).toBe(415);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'addMember');
        const body = { email: other.email };
        expect((await call('post', GROUP_MEMBERS, { id: group, body })).status).toBe(500);
      });
    });

    describe('removeGroupMember', () => {
      it('400 (the last manager; a malformed id), 401, 403 (a member; a read-only token), 404', async () => {
        const lastManager = { id: group, userId: user.id };
        expect((await call('delete', GROUP_MEMBER, lastManager)).status).toBe(400);
        const malformed = { id: group, userId: 'x' };
        expect((await call('delete', GROUP_MEMBER, malformed)).status).toBe(400);
        const tokenless = { id: group, userId: member.id, token: null };
        expect((await call('delete', GROUP_MEMBER, tokenless)).status).toBe(401);
        const byMember = { id: group, userId: user.id, token: member.token };
        expect((await call('delete', GROUP_MEMBER, byMember)).status).toBe(403);
        const readOnlyCall = { id: group, userId: member.id, token: readOnly };
        expectInsufficientScope(await call('delete', GROUP_MEMBER, readOnlyCall));
        const notIn = { id: group, userId: other.id };
        expect((await call('delete', GROUP_MEMBER, notIn)).status).toBe(404);
      });

      it('500 when something unexpected fails', async () => {
        failNextCall(groups(), 'removeMember');
        const target = { id: group, userId: member.id };
        expect((await call('delete', GROUP_MEMBER, target)).status).toBe(500);
      });

      it('204 when a member leaves', async () => {
        const leaver = await givenUser(test);
        const target = String(await givenGroup(test, user, [leaver]));
        const leaving = { id: target, userId: leaver.id, token: leaver.token };
        expect((await call('delete', GROUP_MEMBER, leaving)).status).toBe(204);
      });
    });
  });

  describe('getMe', () => {
    it('200 with the caller, their role and token', async () => {
      const response = await call('get', ME);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ user: { id: user.id }, role: 'member' });
    });

    it('401 without a token', async () => {
      expect((await call('get', ME, { token: null })).status).toBe(401);
    });

    it('500 when something unexpected fails', async () => {
      failNextCall(test.app.get(ApiTokensService), 'authenticate');
      expect((await call('get', ME)).status).toBe(500);
    });

    it('503 when the database does not answer', async () => {
      databaseDownForNextCall(test.app.get(ApiTokensService), 'authenticate');
      expect((await call('get', ME)).status).toBe(503);
    });
  });

  describe('tokens', () => {
    /** A token of `user` that may manage tokens. */
    let manager: string;
    beforeAll(async () => {
      manager = (
        await test.app
          .get(ApiTokensService)
          .issue({ email: user.email, name: 'manager', scopes: ['docs:write', 'tokens:write'] })
      ).token;
    });
    const tokenScopeMissing = (response: request.Response) => {
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="tokens:write"',
      );
    };

    it('listTokens: 200, 400, 401, 403, 500, 503', async () => {
      expect((await call('get', TOKENS, { token: manager })).status).toBe(200);
      expect((await call('get', TOKENS, { token: manager, query: '?state=x' })).status).toBe(400);
      expect((await call('get', TOKENS, { token: null })).status).toBe(401);
      tokenScopeMissing(await call('get', TOKENS));
      failNextCall(test.app.get(OwnTokensService), 'list');
      expect((await call('get', TOKENS, { token: manager })).status).toBe(500);
      databaseDownForNextCall(test.app.get(OwnTokensService), 'list');
      expect((await call('get', TOKENS, { token: manager })).status).toBe(503);
    });

    it('createToken: 201, 400, 401, 403, 413, 415, 500, 503', async () => {
      const made = await call('post', TOKENS, { token: manager, body: { name: 'made' } });
      expect(made.status).toBe(201);
      expect((await call('post', TOKENS, { token: manager, body: {} })).status).toBe(400);
      expect((await call('post', TOKENS, { token: null, body: { name: 'x' } })).status).toBe(401);
      tokenScopeMissing(await call('post', TOKENS, { body: { name: 'x' } }));
      expect((await call('post', TOKENS, { token: manager, body: OVERSIZED })).status).toBe(413);
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      const body = '{"name":"x"}';
      expect((await call('post', TOKENS, { token: manager, body, headers })).status).toBe(415);
      failNextCall(test.app.get(OwnTokensService), 'create');
      expect((await call('post', TOKENS, { token: manager, body: { name: 'x' } })).status).toBe(
        500,
      );
      databaseDownForNextCall(test.app.get(OwnTokensService), 'create');
      expect((await call('post', TOKENS, { token: manager, body: { name: 'x' } })).status).toBe(
        503,
      );
    });

    it('getToken and revokeToken: 200/204, 400, 401, 403, 404, 500, 503', async () => {
      const made = await call('post', TOKENS, { token: manager, body: { name: 'one' } });
      const id = String((made.body as { id: number }).id);
      expect((await call('get', TOKEN, { token: manager, id })).status).toBe(200);
      expect((await call('get', TOKEN, { token: manager, id: 'x' })).status).toBe(400);
      expect((await call('get', TOKEN, { token: null, id })).status).toBe(401);
      tokenScopeMissing(await call('get', TOKEN, { id }));
      expect((await call('get', TOKEN, { token: manager, id: '999999' })).status).toBe(404);
      failNextCall(test.app.get(OwnTokensService), 'get');
      expect((await call('get', TOKEN, { token: manager, id })).status).toBe(500);
      databaseDownForNextCall(test.app.get(OwnTokensService), 'get');
      expect((await call('get', TOKEN, { token: manager, id })).status).toBe(503);

      expect((await call('delete', TOKEN, { token: manager, id: 'x' })).status).toBe(400);
      expect((await call('delete', TOKEN, { token: null, id })).status).toBe(401);
      tokenScopeMissing(await call('delete', TOKEN, { id }));
      expect((await call('delete', TOKEN, { token: manager, id: '999999' })).status).toBe(404);
      failNextCall(test.app.get(OwnTokensService), 'revoke');
      expect((await call('delete', TOKEN, { token: manager, id })).status).toBe(500);
      databaseDownForNextCall(test.app.get(OwnTokensService), 'revoke');
      expect((await call('delete', TOKEN, { token: manager, id })).status).toBe(503);
      expect((await call('delete', TOKEN, { token: manager, id })).status).toBe(204);
    });
  });

  describe('users (admins)', () => {
    /** A token of an admin with every scope. */
    let admin: string;
    let adminId: number;
    beforeAll(async () => {
      const someone = await givenUser(test);
      adminId = someone.id;
      await test.app.get(UsersService).setRole(someone.email, 'admin');
      admin = (
        await test.app.get(ApiTokensService).issue({
          email: someone.email,
          name: 'admin',
          scopes: ['docs:read', 'docs:write', 'tokens:write', 'admin'],
        })
      ).token;
    });
    const adminScopeMissing = (response: request.Response) => {
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="admin"',
      );
    };
    const asAdmin = (options: Parameters<typeof call>[2] = {}) => ({ token: admin, ...options });

    it('listUsers: 200, 400, 401, 403, 500, 503', async () => {
      expect((await call('get', USERS, asAdmin())).status).toBe(200);
      expect((await call('get', USERS, asAdmin({ query: '?q=a&q=b' }))).status).toBe(400);
      expect((await call('get', USERS, { token: null })).status).toBe(401);
      adminScopeMissing(await call('get', USERS));
      failNextCall(test.app.get(UsersService), 'page');
      expect((await call('get', USERS, asAdmin())).status).toBe(500);
      databaseDownForNextCall(test.app.get(UsersService), 'page');
      expect((await call('get', USERS, asAdmin())).status).toBe(503);
    });

    it('createUser and getUser: 201/200, 400, 401, 403, 404, 409, 413, 415, 500, 503', async () => {
      const body = { email: `made-${Date.now()}@example.com`, fname: 'Made', lname: 'Here' };
      const made = await call('post', USERS, asAdmin({ body }));
      expect(made.status).toBe(201);
      expect((await call('post', USERS, asAdmin({ body }))).status).toBe(409);
      expect((await call('post', USERS, asAdmin({ body: {} }))).status).toBe(400);
      expect((await call('post', USERS, { token: null, body })).status).toBe(401);
      adminScopeMissing(await call('post', USERS, { body }));
      expect((await call('post', USERS, asAdmin({ body: OVERSIZED }))).status).toBe(413);
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      const text = JSON.stringify(body);
      expect((await call('post', USERS, asAdmin({ body: text, headers }))).status).toBe(415);
      failNextCall(test.app.get(UsersService), 'create');
      expect((await call('post', USERS, asAdmin({ body }))).status).toBe(500);
      databaseDownForNextCall(test.app.get(UsersService), 'create');
      expect((await call('post', USERS, asAdmin({ body }))).status).toBe(503);

      const id = String((made.body as { id: number }).id);
      expect((await call('get', USER, asAdmin({ id }))).status).toBe(200);
      expect((await call('get', USER, asAdmin({ id: 'x' }))).status).toBe(400);
      expect((await call('get', USER, { token: null, id })).status).toBe(401);
      adminScopeMissing(await call('get', USER, { id }));
      expect((await call('get', USER, asAdmin({ id: '2147483647' }))).status).toBe(404);
      failNextCall(test.app.get(UsersService), 'getById');
      expect((await call('get', USER, asAdmin({ id }))).status).toBe(500);
      databaseDownForNextCall(test.app.get(UsersService), 'getById');
      expect((await call('get', USER, asAdmin({ id }))).status).toBe(503);
    });

    it('updateUser: 200, 400, 401, 403, 404, 413, 415, 500, 503', async () => {
      const { id: someone } = await givenUser(test);
      const id = String(someone);
      const body = { role: 'admin' };
      expect((await call('patch', USER, asAdmin({ id, body }))).status).toBe(200);
      const self = String(adminId);
      const lockout = { id: self, body: { active: false } };
      expect((await call('patch', USER, asAdmin(lockout))).status).toBe(400);
      expect((await call('patch', USER, { token: null, id, body })).status).toBe(401);
      adminScopeMissing(await call('patch', USER, { id, body }));
      expect((await call('patch', USER, asAdmin({ id: '2147483647', body }))).status).toBe(404);
      expect((await call('patch', USER, asAdmin({ id, body: OVERSIZED }))).status).toBe(413);
      const headers = { 'Content-Type': 'application/json; charset=utf-16' };
      const text = JSON.stringify(body);
      expect((await call('patch', USER, asAdmin({ id, body: text, headers }))).status).toBe(415);
      failNextCall(test.app.get(UsersService), 'changeAccount');
      expect((await call('patch', USER, asAdmin({ id, body }))).status).toBe(500);
      databaseDownForNextCall(test.app.get(UsersService), 'changeAccount');
      expect((await call('patch', USER, asAdmin({ id, body }))).status).toBe(503);
    });

    it('listUserTokens: 200, 400, 401, 403, 404, 500, 503', async () => {
      const id = String(user.id);
      expect((await call('get', USER_TOKENS, asAdmin({ id }))).status).toBe(200);
      const badState = asAdmin({ id, query: '?state=x' });
      expect((await call('get', USER_TOKENS, badState)).status).toBe(400);
      expect((await call('get', USER_TOKENS, { token: null, id })).status).toBe(401);
      adminScopeMissing(await call('get', USER_TOKENS, { id }));
      const none = asAdmin({ id: '2147483647' });
      expect((await call('get', USER_TOKENS, none)).status).toBe(404);
      failNextCall(test.app.get(OwnTokensService), 'listOfUser');
      expect((await call('get', USER_TOKENS, asAdmin({ id }))).status).toBe(500);
      databaseDownForNextCall(test.app.get(OwnTokensService), 'listOfUser');
      expect((await call('get', USER_TOKENS, asAdmin({ id }))).status).toBe(503);
    });
  });

  describe('403 on every read route for a token without docs:read (one that manages tokens only)', () => {
    const reads = Object.entries(openapi.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method === 'get' && operation(method, path).responses['403'])
        // The token routes need tokens:write, the users routes admin (their own blocks).
        .filter(() => !path.startsWith(TOKENS) && !path.startsWith(USERS))
        .map((method) => [method, path] as const),
    );

    it.each(reads)('%s %s', async (method, path) => {
      const { token } = await test.app
        .get(ApiTokensService)
        .issue({ email: user.email, name: 'token manager', scopes: ['tokens:write'] });
      const response = await call(method as 'get', path, {
        token,
        uuid: MISSING_UUID,
        id: '1',
        userId: 1,
        groupId: 1,
        version: 1,
        query: path === SEARCH ? '?q=x' : '',
      });
      expect(response.status).toBe(403);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="docs:read"',
      );
      expect(response.body).toEqual({
        error:
          'insufficient scope: reading needs a token with docs:read; this token has tokens:write',
      });
    });
  });

  describe('503 when the database does not answer', () => {
    it.each([
      ['post', DOCS, 'create', { title: 'x' }],
      ['get', DOCS, 'list', undefined],
      ['get', DOC, 'get', undefined],
      ['put', DOC, 'update', { title: 'x' }],
      ['delete', DOC, 'remove', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(DocsService), serviceMethod);
      const response = await call(method, path, { uuid, body });
      expect(response.status).toBe(503);
    });

    it.each([
      ['post', DOC_USERS, 'share', { email: 'x@example.com' }],
      ['get', DOC_USERS, 'list', undefined],
      ['delete', DOC_USER, 'remove', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(DocUsersService), serviceMethod);
      const response = await call(method, path, { uuid, userId: other.id, body });
      expect(response.status).toBe(503);
    });

    it('get /api/v1/folders', async () => {
      databaseDownForNextCall(test.app.get(FoldersService), 'list');
      expect((await call('get', FOLDERS)).status).toBe(503);
    });

    it.each([
      ['get', REVISIONS, 'list'],
      ['get', REVISION, 'get'],
      ['post', RESTORE, 'restore'],
    ] as const)('%s %s', async (method, path, serviceMethod) => {
      databaseDownForNextCall(test.app.get(RevisionsService), serviceMethod);
      expect((await call(method, path, { uuid, version: 1 })).status).toBe(503);
    });

    it.each([
      ['get', TRASH, 'list'],
      ['post', TRASH_RESTORE, 'restore'],
      ['delete', TRASHED, 'purge'],
    ] as const)('%s %s', async (method, path, serviceMethod) => {
      databaseDownForNextCall(test.app.get(TrashService), serviceMethod);
      expect((await call(method, path, { uuid })).status).toBe(503);
    });

    it.each([
      ['post', WEBHOOKS, 'create', WEBHOOK_TARGET],
      ['get', WEBHOOKS, 'list', undefined],
      ['get', WEBHOOK, 'get', undefined],
      ['patch', WEBHOOK, 'update', { active: true }],
      ['delete', WEBHOOK, 'delete', undefined],
      ['get', WEBHOOK_DELIVERIES, 'deliveries', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(WebhooksService), serviceMethod);
      expect((await call(method, path, { body })).status).toBe(503);
    });

    it.each([
      ['post', DOC_GROUPS, 'share', { group_id: 1 }],
      ['get', DOC_GROUPS, 'list', undefined],
      ['delete', DOC_GROUP, 'remove', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(DocGroupsService), serviceMethod);
      expect((await call(method, path, { uuid: MISSING_UUID, groupId: 1, body })).status).toBe(503);
    });

    it.each([
      ['post', FOLDER_SHARES, 'share', { path: '~', group_id: 1 }],
      ['get', FOLDER_SHARES, 'list', undefined],
      ['delete', FOLDER_SHARE, 'remove', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(FolderSharesService), serviceMethod);
      expect((await call(method, path, { id: '1', body })).status).toBe(503);
    });

    it.each([
      ['post', GROUPS, 'create', { name: 'Unanswered' }],
      ['get', GROUPS, 'list', undefined],
      ['get', GROUP, 'get', undefined],
      ['patch', GROUP, 'update', { description: 'x' }],
      ['delete', GROUP, 'delete', undefined],
      ['get', GROUP_MEMBERS, 'members', undefined],
      ['post', GROUP_MEMBERS, 'addMember', { email: 'x@example.com' }],
      ['delete', GROUP_MEMBER, 'removeMember', undefined],
    ] as const)('%s %s', async (method, path, serviceMethod, body) => {
      databaseDownForNextCall(test.app.get(GroupsService), serviceMethod);
      expect((await call(method, path, { id: '1', userId: 1, body })).status).toBe(503);
    });

    it('get /api/v1/search', async () => {
      databaseDownForNextCall(test.app.get(SearchService), 'search');
      expect((await call('get', SEARCH, { query: '?q=x' })).status).toBe(503);
    });
  });

  describe('429 over the rate limit', () => {
    let limited: TestApp;

    beforeAll(async () => {
      process.env.RATE_LIMIT_PER_TOKEN = '1';
      process.env.RATE_LIMIT_PER_ADDRESS = '1';
      limited = await startTestApp();
      process.env.RATE_LIMIT_PER_TOKEN = '0';
      process.env.RATE_LIMIT_PER_ADDRESS = '0';
    });
    // The same database as `test`: only the app is closed here.
    afterAll(() => limited.app.close());

    it.each([
      ['post', DOCS, { title: 'x' }],
      ['get', DOCS, undefined],
      ['get', DOC, undefined],
      ['put', DOC, { title: 'x' }],
      ['delete', DOC, undefined],
      ['get', FOLDERS, undefined],
      ['post', DOC_USERS, { email: 'x@example.com' }],
      ['get', DOC_USERS, undefined],
      ['delete', DOC_USER, undefined],
      ['get', REVISIONS, undefined],
      ['get', REVISION, undefined],
      ['post', RESTORE, undefined],
      ['get', TRASH, undefined],
      ['post', TRASH_RESTORE, undefined],
      ['delete', TRASHED, undefined],
      ['post', WEBHOOKS, WEBHOOK_TARGET],
      ['get', WEBHOOKS, undefined],
      ['get', WEBHOOK, undefined],
      ['patch', WEBHOOK, { active: true }],
      ['delete', WEBHOOK, undefined],
      ['get', WEBHOOK_DELIVERIES, undefined],
      ['post', DOC_GROUPS, { group_id: 1 }],
      ['get', DOC_GROUPS, undefined],
      ['delete', DOC_GROUP, undefined],
      ['post', FOLDER_SHARES, { path: '~', group_id: 1 }],
      ['get', FOLDER_SHARES, undefined],
      ['delete', FOLDER_SHARE, undefined],
      ['post', GROUPS, { name: 'Limited' }],
      ['get', GROUPS, undefined],
      ['get', GROUP, undefined],
      ['patch', GROUP, { description: 'x' }],
      ['delete', GROUP, undefined],
      ['get', GROUP_MEMBERS, undefined],
      ['post', GROUP_MEMBERS, { email: 'x@example.com' }],
      ['delete', GROUP_MEMBER, undefined],
      ['get', ME, undefined],
      ['get', TOKENS, undefined],
      ['get', TOKEN, undefined],
      ['post', TOKENS, { name: 'x' }],
      ['delete', TOKEN, undefined],
      ['get', USERS, undefined],
      ['post', USERS, { email: 'x@example.com' }],
      ['get', USER, undefined],
      ['patch', USER, { active: true }],
      ['get', USER_TOKENS, undefined],
    ] as const)('%s %s', async (method, path, body) => {
      const { token } = await givenUser(limited);
      const id = path.startsWith(GROUPS) || path.startsWith(FOLDER_SHARES) ? '1' : undefined;
      const target = { app: limited, token, uuid, id, userId: 1, groupId: 1, version: 1, body };
      const counted = await call(method, path, target);
      expectRateLimitHeaders(counted, '0');
      const response = await call(method, path, target);
      expect(response.status).toBe(429);
      expectRateLimitHeaders(response, '0');
    });

    it('get /api/v1/search', async () => {
      const { token } = await givenUser(limited);
      const target = { app: limited, token, query: '?q=x' };
      expectRateLimitHeaders(await call('get', SEARCH, target), '0');
      const response = await call('get', SEARCH, target);
      expect(response.status).toBe(429);
      expectRateLimitHeaders(response, '0');
    });

    it('get /health', async () => {
      expectRateLimitHeaders(await call('get', HEALTH, { app: limited, token: null }), '0');
      expect((await call('get', HEALTH, { app: limited, token: null })).status).toBe(429);
    });

    it('get /health/live and /health/ready', async () => {
      // The client address's budget, spent by the case above, is shared by every public route.
      for (const path of [`${HEALTH}/live`, `${HEALTH}/ready`]) {
        const response = await call('get', path, { app: limited, token: null });
        expect(response.status).toBe(429);
        expectRateLimitHeaders(response, '0');
      }
    });

    it('documents the X-RateLimit-* headers on every success and every 429', () => {
      for (const [path, operations] of Object.entries(openapi.paths)) {
        for (const method of Object.keys(operations)) {
          for (const [status, response] of Object.entries(operation(method, path).responses)) {
            if (!/^2\d\d$|^429$/.test(status)) continue;
            expect(Object.keys(response.headers ?? {})).toEqual(
              expect.arrayContaining(RATE_LIMIT_HEADERS),
            );
          }
        }
      }
    });
  });

  describe('getHealth, getLiveness, getReadiness', () => {
    it('200 while the database answers', async () => {
      for (const path of [HEALTH, `${HEALTH}/live`, `${HEALTH}/ready`]) {
        expect({ path, status: (await call('get', path, { token: null })).status }).toEqual({
          path,
          status: 200,
        });
      }
    });

    it('503 once the database is gone, but for liveness', async () => {
      await test.dataSource.destroy();
      expect((await call('get', HEALTH, { token: null })).status).toBe(503);
      expect((await call('get', `${HEALTH}/ready`, { token: null })).status).toBe(503);
      expect((await call('get', `${HEALTH}/live`, { token: null })).status).toBe(200);
    });
  });

  it('has seen every response the document promises', () => {
    const unseen = documentedResponses().filter((response) => !contract.seen.has(response));
    expect(unseen).toEqual([]);
  });

  it('documents every operation for clients: id, tags, summary, description, errors', () => {
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const method of Object.keys(operations)) {
        const op = operation(method, path);
        expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
        expect(op.tags?.length).toBeGreaterThan(0);
        expect(op.summary).toEqual(expect.any(String));
        expect(op.description).toEqual(expect.any(String));
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.description).toEqual(expect.any(String));
          if (Number(status) >= 400) {
            expect(response.content?.['application/json']).toEqual({
              schema: { $ref: '#/components/schemas/ErrorResponseDto' },
              example: { error: expect.any(String) },
            });
          }
        }
        expect(op.security).toEqual(path.startsWith(HEALTH) ? [] : [{ bearer: [] }]);
      }
    }
  });

  // Swagger UI fills an example into "Try it out"; for an optional filter an unchanged Execute
  // would then filter, and a user would miss what is there; an optional header such as
  // Idempotency-Key or If-Match would be sent with every try. Examples go in the description.
  it('gives no optional query or header parameter an example (Swagger UI would pre-fill it)', () => {
    const prefilled: string[] = [];
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const method of Object.keys(operations)) {
        for (const parameter of operation(method, path).parameters ?? []) {
          if (!['query', 'header'].includes(parameter.in) || parameter.required) continue;
          const examples = [parameter, parameter.schema].filter(
            (node) => 'example' in node || 'examples' in node,
          );
          if (examples.length > 0)
            prefilled.push(`${method} ${path} ${parameter.in} ${parameter.name}`);
        }
      }
    }
    expect(prefilled).toEqual([]);
  });
});
