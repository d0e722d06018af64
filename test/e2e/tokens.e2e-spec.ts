import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { UsersService } from '../../src/users/users.service';
import { givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 3600 * 1000;
const MISSING_TOKEN = {
  error: 'missing bearer token: send the header Authorization: Bearer <token>',
};

describe(`tokens, self-service (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** A user and a CLI token of theirs that may manage tokens (and read and write documents). */
  async function givenManager(): Promise<TestUser & { manager: Record<string, string> }> {
    const user = await givenUser(test);
    const { token } = await test.app.get(ApiTokensService).issue({
      email: user.email,
      name: 'manager',
      scopes: ['docs:write', 'tokens:write'],
    });
    return { ...user, manager: bearer(token) };
  }
  const make = (auth: Record<string, string>, body: object) =>
    request(test.http).post('/api/v1/tokens').set(auth).send(body);

  describe('POST /tokens', () => {
    it('401 without a token', async () => {
      const response = await request(test.http).post('/api/v1/tokens').send({ name: 'x' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('403 for a token without tokens:write (the CLI default), with the challenge', async () => {
      const user = await givenUser(test);
      const response = await make(user.auth, { name: 'x' }).expect(403);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="tokens:write"',
      );
      expect(response.body).toEqual({
        error:
          'insufficient scope: managing tokens needs a token with tokens:write; this token has docs:read, docs:write',
      });
    });

    it('201 with the secret once, Location and no-store; the scopes of the maker but admin, 90 days', async () => {
      const ada = await givenManager();
      const response = await make(ada.manager, { name: '  ci pipeline ' }).expect(201);
      const body = response.body as Record<string, unknown> & { token: string; id: number };
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'ci pipeline',
        prefix: body.token.slice(0, 8),
        scopes: ['docs:read', 'docs:write', 'tokens:write'],
        source: 'api',
        created_at: expect.stringMatching(ISO_UTC_MS),
        last_used_at: null,
        expires_at: expect.stringMatching(ISO_UTC_MS),
        revoked_at: null,
        token: expect.stringMatching(/^dms_[A-Za-z0-9_-]{43}$/),
      });
      expect(response.headers.location).toBe(`/api/v1/tokens/${body.id}`);
      expect(response.headers['cache-control']).toBe('no-store');
      const lifetime =
        Date.parse(body.expires_at as string) - Date.parse(body.created_at as string);
      expect(lifetime).toBe(90 * DAY_MS);
      const me = await request(test.http).get('/api/v1/me').set(bearer(body.token)).expect(200);
      expect(me.body).toMatchObject({
        user: { id: ada.id },
        token: { id: body.id, source: 'api' },
      });
      const got = await request(test.http)
        .get(`/api/v1/tokens/${body.id}`)
        .set(ada.manager)
        .expect(200);
      // Used once since (by GET /me): recorded.
      expect(got.body).toEqual({
        ...body,
        token: undefined,
        last_used_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(JSON.stringify(got.body)).not.toContain(body.token.slice(0, 9));
    });

    it('403 insufficient_scope for a scope the maker lacks; admin only for an admin', async () => {
      const ada = await givenManager();
      const { token: narrow } = await test.app
        .get(ApiTokensService)
        .issue({ email: ada.email, name: 'narrow', scopes: ['docs:read', 'tokens:write'] });
      const beyond = await make(bearer(narrow), { name: 'x', scopes: ['docs:write'] }).expect(403);
      expect(beyond.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="docs:write"',
      );
      expect(beyond.body).toEqual({
        error:
          'insufficient scope: a new token may have only the scopes of the token making it (docs:read, tokens:write); docs:write is not among them',
      });
      const admin = await make(ada.manager, { name: 'x', scopes: ['admin'] }).expect(403);
      expect((admin.body as { error: string }).error).toContain('admin is not among them');
      await test.app.get(UsersService).setRole(ada.email, 'admin');
      const { token: adminToken } = await test.app
        .get(ApiTokensService)
        .issue({ email: ada.email, scopes: ['docs:read', 'tokens:write', 'admin'] });
      const made = await make(bearer(adminToken), { name: 'x', scopes: ['admin'] }).expect(201);
      expect((made.body as { scopes: string[] }).scopes).toEqual(['admin']);
      const plain = await make(bearer(adminToken), { name: 'y' }).expect(201);
      expect((plain.body as { scopes: string[] }).scopes).toEqual(['docs:read', 'tokens:write']);
    });

    it('a token made through the API may not outlive its maker; a CLI token may make one up to the maximum', async () => {
      const ada = await givenManager();
      const short = await make(ada.manager, { name: 'short', expires_in_days: 10 }).expect(201);
      const shortToken = bearer((short.body as { token: string }).token);
      const refused = await make(shortToken, { name: 'longer', expires_in_days: 11 }).expect(403);
      expect((refused.body as { error: string }).error).toMatch(
        /^a token made with a token from POST \/tokens may not outlive it: this token expires \d{4}-.*Z; ask for fewer days$/,
      );
      await make(shortToken, { name: 'shorter', expires_in_days: 9 }).expect(201);
      await make(ada.manager, { name: 'year', expires_in_days: 365 }).expect(201);
      const tooLong = await make(ada.manager, { name: 'x', expires_in_days: 366 }).expect(400);
      expect(tooLong.body).toEqual({
        error: 'expires_in_days must be at most 365 (TOKENS_MAX_DAYS)',
      });
    });

    it.each([
      [{}, 'name must be a string'],
      [{ name: '   ' }, 'name must not be empty'],
      [{ name: 'x', scopes: ['docs:admin'] }, 'scopes must be an array of'],
      [{ name: 'x', scopes: 'docs:read' }, 'scopes must be an array of'],
      [{ name: 'x', expires_in_days: 0 }, 'expires_in_days must be an integer from 1 to 3650'],
      [{ name: 'x', expires_in_days: 1.5 }, 'expires_in_days must be an integer from 1 to 3650'],
    ])('400 for %j', async (body, message) => {
      const ada = await givenManager();
      const response = await make(ada.manager, body).expect(400);
      expect((response.body as { error: string }).error).toContain(message);
    });

    it('400 for an Idempotency-Key: a secret is never sent twice', async () => {
      const ada = await givenManager();
      const response = await make({ ...ada.manager, 'Idempotency-Key': 'k-1' }, { name: 'x' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'Idempotency-Key is not accepted here: a token’s secret is never sent twice',
      });
    });

    it('400 past 50 active tokens; a revoked one makes room', async () => {
      const ada = await givenManager();
      // givenUser's token and the manager are two; 48 more.
      const made: number[] = [];
      for (let index = 0; index < 48; index++) {
        made.push(
          ((await make(ada.manager, { name: `t${index}` }).expect(201)).body as { id: number }).id,
        );
      }
      const refused = await make(ada.manager, { name: 'one more' }).expect(400);
      expect(refused.body).toEqual({
        error: 'you have 50 active tokens, the most a user may have: revoke one first',
      });
      await request(test.http).delete(`/api/v1/tokens/${made[0]}`).set(ada.manager).expect(204);
      await make(ada.manager, { name: 'one more' }).expect(201);
    }, 60_000);
  });

  describe('GET /tokens', () => {
    it('401 without a token', async () => {
      const response = await request(test.http).get('/api/v1/tokens').expect(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('lists the active ones newest first, all of them with state=all; never a secret', async () => {
      const ada = await givenManager();
      const first = (await make(ada.manager, { name: 'first' }).expect(201)).body as {
        id: number;
        token: string;
      };
      const second = (await make(ada.manager, { name: 'second' }).expect(201)).body as {
        id: number;
      };
      await request(test.http).delete(`/api/v1/tokens/${first.id}`).set(ada.manager).expect(204);
      const active = await request(test.http).get('/api/v1/tokens').set(ada.manager).expect(200);
      const names = (body: unknown) =>
        (body as { tokens: { name: string }[] }).tokens.map((t) => t.name);
      expect(names(active.body)).toEqual(['second', 'manager', 'default']);
      expect((active.body as { pagination: unknown }).pagination).toEqual({
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 3,
      });
      const all = await request(test.http)
        .get('/api/v1/tokens?state=all&per_page=2')
        .set(ada.manager)
        .expect(200);
      expect(names(all.body)).toEqual(['second', 'first']);
      expect(
        (all.body as { tokens: { revoked_at: string | null }[] }).tokens[1].revoked_at,
      ).toMatch(ISO_UTC_MS);
      expect((all.body as { pagination: { total_count: number } }).pagination.total_count).toBe(4);
      expect(JSON.stringify(all.body)).not.toContain(first.token.slice(0, 9));
      expect(second.id).toBeGreaterThan(first.id);
    });

    it("shows no other user's tokens", async () => {
      const ada = await givenManager();
      const grace = await givenManager();
      const listed = await request(test.http).get('/api/v1/tokens').set(grace.manager).expect(200);
      await make(ada.manager, { name: 'ada only' }).expect(201);
      const names = (listed.body as { tokens: { name: string }[] }).tokens.map((t) => t.name);
      expect(names).toEqual(['manager', 'default']);
      const again = await request(test.http).get('/api/v1/tokens').set(grace.manager).expect(200);
      expect((again.body as { tokens: unknown[] }).tokens).toHaveLength(2);
    });

    it('400 for another state', async () => {
      const ada = await givenManager();
      const response = await request(test.http)
        .get('/api/v1/tokens?state=revoked')
        .set(ada.manager)
        .expect(400);
      expect(response.body).toEqual({ error: 'state must be one of active, all' });
    });
  });

  describe('GET /tokens/{id}', () => {
    it('401 without a token', async () => {
      await request(test.http).get('/api/v1/tokens/1').expect(401);
    });

    it("404 for another user's token, 400 for a bad id", async () => {
      const ada = await givenManager();
      const grace = await givenManager();
      const theirs = (await make(grace.manager, { name: 'g' }).expect(201)).body as { id: number };
      const response = await request(test.http)
        .get(`/api/v1/tokens/${theirs.id}`)
        .set(ada.manager)
        .expect(404);
      expect(response.body).toEqual({ error: 'no such token' });
      await request(test.http).get('/api/v1/tokens/abc').set(ada.manager).expect(400);
    });
  });

  describe('DELETE /tokens/{id}', () => {
    it('401 without a token', async () => {
      await request(test.http).delete('/api/v1/tokens/1').expect(401);
    });

    it('revokes at once (401 on its next request), 204 again; the caller may revoke itself', async () => {
      const ada = await givenManager();
      const made = (await make(ada.manager, { name: 'gone' }).expect(201)).body as {
        id: number;
        token: string;
      };
      await request(test.http).get('/api/v1/me').set(bearer(made.token)).expect(200);
      await request(test.http).delete(`/api/v1/tokens/${made.id}`).set(ada.manager).expect(204);
      const refused = await request(test.http)
        .get('/api/v1/me')
        .set(bearer(made.token))
        .expect(401);
      expect(refused.body).toEqual({ error: 'bearer token has been revoked' });
      await request(test.http).delete(`/api/v1/tokens/${made.id}`).set(ada.manager).expect(204);
      const me = await request(test.http).get('/api/v1/me').set(ada.manager).expect(200);
      const ownId = (me.body as { token: { id: number } }).token.id;
      await request(test.http).delete(`/api/v1/tokens/${ownId}`).set(ada.manager).expect(204);
      await request(test.http).get('/api/v1/me').set(ada.manager).expect(401);
    });

    it("404 for another user's token, which keeps working", async () => {
      const ada = await givenManager();
      const grace = await givenManager();
      const theirs = (await make(grace.manager, { name: 'g' }).expect(201)).body as {
        id: number;
        token: string;
      };
      await request(test.http).delete(`/api/v1/tokens/${theirs.id}`).set(ada.manager).expect(404);
      await request(test.http).get('/api/v1/me').set(bearer(theirs.token)).expect(200);
    });
  });
});
