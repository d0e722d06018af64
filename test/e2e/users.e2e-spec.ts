import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { UsersService } from '../../src/users/users.service';
import { expectedUserDetails, givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_TOKEN = {
  error: 'missing bearer token: send the header Authorization: Bearer <token>',
};
const NOT_ADMIN_SCOPE = {
  error:
    'insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write',
};
const ADMIN_SCOPES = ['docs:read', 'docs:write', 'tokens:write', 'admin'];

describe(`users and admins (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const issue = (email: string, scopes: string[]) =>
    test.app.get(ApiTokensService).issue({ email, scopes });

  /** An admin, with a CLI token holding every scope (`admin` included). */
  async function givenAdmin(): Promise<TestUser & { admin: Record<string, string> }> {
    const user = await givenUser(test);
    await test.app.get(UsersService).setRole(user.email, 'admin');
    const { token } = await issue(user.email, ADMIN_SCOPES);
    return { ...user, admin: bearer(token) };
  }

  /** What an admin sees of a user made by `givenUser`. */
  const account = (user: TestUser, changes: object = {}) => ({
    ...expectedUserDetails(user),
    role: 'member',
    active: true,
    created_at: expect.stringMatching(ISO_UTC_MS),
    ...changes,
  });

  /** Checks a route is refused without a token, with a member's token and a demoted admin's. */
  async function expectAdminsOnly(method: 'get' | 'post' | 'patch', path: string) {
    const none = await request(test.http)[method](path).send({}).expect(401);
    expect(none.body).toEqual(MISSING_TOKEN);
    const member = await givenUser(test);
    const refused = await request(test.http)[method](path).set(member.auth).send({}).expect(403);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="admin"',
    );
    expect(refused.body).toEqual(NOT_ADMIN_SCOPE);
    const demoted = await givenAdmin();
    const other = await givenAdmin();
    await request(test.http)
      .patch(`/api/v1/users/${demoted.id}`)
      .set(other.admin)
      .send({ role: 'member' })
      .expect(200);
    const stale = await request(test.http)[method](path).set(demoted.admin).send({}).expect(403);
    expect(stale.headers['www-authenticate']).toBeUndefined();
    expect(stale.body).toEqual({ error: 'an admin route needs an admin: you are a member' });
  }

  describe('GET /users', () => {
    it('401 without a token, 403 for a member or a demoted admin', async () => {
      await expectAdminsOnly('get', '/api/v1/users');
    });

    it('pages by e-mail; q matches the start of the e-mail or a name, ignoring case', async () => {
      const admin = await givenAdmin();
      const tag = `zz${randomBytes(4).toString('hex')}`;
      const carol = await givenUser(test, { email: `${tag}-c@example.com`, fname: 'Carol' });
      const alice = await givenUser(test, { email: `${tag}-a@example.com`, lname: 'Quist' });
      const bob = await givenUser(test, { email: `${tag}-b@example.com` });
      const first = await request(test.http)
        .get(`/api/v1/users?q=${tag.toUpperCase()}&per_page=2`)
        .set(admin.admin)
        .expect(200);
      expect(first.body).toEqual({
        users: [account(alice), account(bob)],
        pagination: {
          current_page: 1,
          next_page: 2,
          prev_page: null,
          total_pages: 2,
          total_count: 3,
        },
      });
      const second = await request(test.http)
        .get(`/api/v1/users?q=${tag}&per_page=2&page=2`)
        .set(admin.admin)
        .expect(200);
      expect((second.body as { users: unknown[] }).users).toEqual([account(carol)]);
      const byName = await request(test.http)
        .get(`/api/v1/users?q=quis`)
        .set(admin.admin)
        .expect(200);
      expect((byName.body as { users: unknown[] }).users).toContainEqual(account(alice));
      const wildcard = await request(test.http)
        .get(`/api/v1/users?q=${tag}_`)
        .set(admin.admin)
        .expect(200);
      expect(wildcard.body).toEqual({
        users: [],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 0,
          total_count: 0,
        },
      });
      const everyone = await request(test.http)
        .get('/api/v1/users?q=&per_page=100')
        .set(admin.admin)
        .expect(200);
      const emails = (everyone.body as { users: { email: string }[] }).users.map((u) => u.email);
      expect(emails).toEqual([...emails].sort());
      expect(emails).toContain(admin.email);
    });

    it('400 for a bad page, a q too long or given twice', async () => {
      const admin = await givenAdmin();
      const get = (query: string) =>
        request(test.http).get(`/api/v1/users?${query}`).set(admin.admin).expect(400);
      expect((await get('per_page=101')).body).toEqual({
        error: 'per_page must be an integer between 1 and 100',
      });
      expect((await get(`q=${'a'.repeat(321)}`)).body).toEqual({
        error: 'q must be at most 320 characters',
      });
      expect((await get('q=a&q=b')).body).toEqual({ error: 'q must be given once' });
    });
  });

  describe('GET /users/{id}', () => {
    it('401 without a token, 403 for a member or a demoted admin', async () => {
      await expectAdminsOnly('get', '/api/v1/users/1');
    });

    it('200 with the user; 404 for none, 400 for a bad id', async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const found = await request(test.http)
        .get(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .expect(200);
      expect(found.body).toEqual(account(ada));
      const none = await request(test.http)
        .get('/api/v1/users/2147483647')
        .set(admin.admin)
        .expect(404);
      expect(none.body).toEqual({ error: 'no such user' });
      const bad = await request(test.http).get('/api/v1/users/x').set(admin.admin).expect(400);
      expect(bad.body).toEqual({ error: 'id must be a positive integer' });
    });
  });

  describe('POST /users', () => {
    it('401 without a token, 403 for a member or a demoted admin', async () => {
      await expectAdminsOnly('post', '/api/v1/users');
    });

    it('201 with a member, Location; 409 for a taken e-mail whatever its case', async () => {
      const admin = await givenAdmin();
      const email = `new-${randomBytes(4).toString('hex')}@example.com`;
      const made = await request(test.http)
        .post('/api/v1/users')
        .set(admin.admin)
        .send({ email: ` ${email.toUpperCase()} `, fname: 'Grace', lname: 'Hopper' })
        .expect(201);
      const body = made.body as { id: number };
      expect(body).toEqual({
        id: expect.any(Number),
        email,
        fname: 'Grace',
        lname: 'Hopper',
        avatar_url: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\//),
        role: 'member',
        active: true,
        created_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(made.headers.location).toBe(`/api/v1/users/${body.id}`);
      const got = await request(test.http)
        .get(`/api/v1/users/${body.id}`)
        .set(admin.admin)
        .expect(200);
      expect(got.body).toEqual(made.body);
      const taken = await request(test.http)
        .post('/api/v1/users')
        .set(admin.admin)
        .send({ email: email.toUpperCase(), fname: 'G', lname: 'H' })
        .expect(409);
      expect(taken.body).toEqual({ error: `a user with e-mail ${email} already exists` });
    });

    it('400 for a bad e-mail or a missing name', async () => {
      const admin = await givenAdmin();
      const post = (body: object) =>
        request(test.http).post('/api/v1/users').set(admin.admin).send(body).expect(400);
      expect((await post({ email: 'nope', fname: 'a', lname: 'b' })).body).toEqual({
        error: 'email must be a valid e-mail address',
      });
      expect((await post({ email: 'a@example.com', lname: 'b' })).body).toEqual({
        error: 'fname must be a string',
      });
    });
  });

  describe('PATCH /users/{id}', () => {
    it('401 without a token, 403 for a member or a demoted admin', async () => {
      await expectAdminsOnly('patch', '/api/v1/users/1');
    });

    it('makes an admin and a member again; the role shows in GET /me at once', async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const promoted = await request(test.http)
        .patch(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .send({ role: 'admin' })
        .expect(200);
      expect(promoted.body).toEqual(account(ada, { role: 'admin' }));
      const me = await request(test.http).get('/api/v1/me').set(ada.auth).expect(200);
      expect((me.body as { role: string }).role).toBe('admin');
      const again = await request(test.http)
        .patch(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .send({ role: 'admin' })
        .expect(200);
      expect(again.body).toEqual(promoted.body);
      await request(test.http)
        .patch(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .send({ role: 'member' })
        .expect(200);
      const after = await request(test.http).get('/api/v1/me').set(ada.auth).expect(200);
      expect((after.body as { role: string }).role).toBe('member');
    });

    it('active: false revokes every token at once; reactivated, the tokens stay revoked; documents stay', async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const second = await issue(ada.email, ['docs:read']);
      const doc = await request(test.http)
        .post('/api/v1/docs')
        .set(ada.auth)
        .send({ title: 'kept' })
        .expect(201);
      const off = await request(test.http)
        .patch(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .send({ active: false })
        .expect(200);
      expect(off.body).toEqual(account(ada, { active: false }));
      for (const auth of [ada.auth, bearer(second.token)]) {
        const refused = await request(test.http).get('/api/v1/me').set(auth).expect(401);
        expect(refused.body).toEqual({ error: 'bearer token has been revoked' });
      }
      const tokens = await request(test.http)
        .get(`/api/v1/users/${ada.id}/tokens?state=all`)
        .set(admin.admin)
        .expect(200);
      const listed = (tokens.body as { tokens: { revoked_at: string | null }[] }).tokens;
      expect(listed).toHaveLength(2);
      for (const token of listed) expect(token.revoked_at).toMatch(ISO_UTC_MS);
      const active = await request(test.http)
        .get(`/api/v1/users/${ada.id}/tokens`)
        .set(admin.admin)
        .expect(200);
      expect((active.body as { tokens: unknown[] }).tokens).toEqual([]);

      const on = await request(test.http)
        .patch(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .send({ active: true })
        .expect(200);
      expect(on.body).toEqual(account(ada));
      await request(test.http).get('/api/v1/me').set(ada.auth).expect(401);
      const fresh = await issue(ada.email, ['docs:read']);
      const uuid = (doc.body as { uuid: string }).uuid;
      await request(test.http).get(`/api/v1/docs/${uuid}`).set(bearer(fresh.token)).expect(200);
    });

    it('400 for demoting or deactivating yourself; promoting yourself changes nothing', async () => {
      const admin = await givenAdmin();
      const patch = (body: object) =>
        request(test.http).patch(`/api/v1/users/${admin.id}`).set(admin.admin).send(body);
      expect((await patch({ role: 'member' }).expect(400)).body).toEqual({
        error: 'you cannot demote yourself: ask another admin',
      });
      expect((await patch({ active: false, role: 'admin' }).expect(400)).body).toEqual({
        error: 'you cannot deactivate yourself: ask another admin',
      });
      expect((await patch({ role: 'admin' }).expect(200)).body).toEqual(
        account(admin, { role: 'admin' }),
      );
      await request(test.http).get('/api/v1/me').set(admin.admin).expect(200);
    });

    it('400 for an empty change, an unknown role, a non-boolean active; 404 for no user', async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const patch = (id: number, body: object) =>
        request(test.http).patch(`/api/v1/users/${id}`).set(admin.admin).send(body);
      expect((await patch(ada.id, { email: 'x@example.com' }).expect(400)).body).toEqual({
        error: 'at least one of role or active must be given',
      });
      expect((await patch(ada.id, { role: 'owner' }).expect(400)).body).toEqual({
        error: 'role must be one of member, admin',
      });
      expect((await patch(ada.id, { active: 'false' }).expect(400)).body).toEqual({
        error: 'active must be true or false',
      });
      expect((await patch(2147483647, { active: false }).expect(404)).body).toEqual({
        error: 'no such user',
      });
      const unchanged = await request(test.http)
        .get(`/api/v1/users/${ada.id}`)
        .set(admin.admin)
        .expect(200);
      expect(unchanged.body).toEqual(account(ada));
    });
  });

  describe('GET /users/{id}/tokens', () => {
    it('401 without a token, 403 for a member or a demoted admin', async () => {
      await expectAdminsOnly('get', '/api/v1/users/1/tokens');
    });

    it("lists a user's tokens, never a secret; 404 for no user, 400 for a bad state", async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const second = await issue(ada.email, ['docs:read']);
      const listed = await request(test.http)
        .get(`/api/v1/users/${ada.id}/tokens`)
        .set(admin.admin)
        .expect(200);
      const body = listed.body as { tokens: { id: number; scopes: string[] }[] };
      expect(body.tokens.map((token) => [token.id, token.scopes])).toEqual([
        [second.id, ['docs:read']],
        [expect.any(Number), ['docs:read', 'docs:write']],
      ]);
      expect(body).toMatchObject({ pagination: { total_count: 2 } });
      expect(JSON.stringify(body)).not.toContain(second.token.slice(0, 12));
      const none = await request(test.http)
        .get('/api/v1/users/2147483647/tokens')
        .set(admin.admin)
        .expect(404);
      expect(none.body).toEqual({ error: 'no such user' });
      const bad = await request(test.http)
        .get(`/api/v1/users/${ada.id}/tokens?state=revoked`)
        .set(admin.admin)
        .expect(400);
      expect(bad.body).toEqual({ error: 'state must be one of active, all' });
    });
  });

  describe("DELETE /tokens/{id}, an admin's", () => {
    it("revokes any user's token with scope admin; without it, another's is 404", async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const { token: withoutAdmin } = await issue(admin.email, ['tokens:write']);
      const adaToken = (await request(test.http).get('/api/v1/me').set(ada.auth).expect(200))
        .body as { token: { id: number } };
      await request(test.http)
        .delete(`/api/v1/tokens/${adaToken.token.id}`)
        .set(bearer(withoutAdmin))
        .expect(404);
      await request(test.http).get('/api/v1/me').set(ada.auth).expect(200);
      await request(test.http)
        .delete(`/api/v1/tokens/${adaToken.token.id}`)
        .set(admin.admin)
        .expect(204);
      await request(test.http).get('/api/v1/me').set(ada.auth).expect(401);
    });

    it('403 for a token with neither tokens:write nor admin; a demoted admin revokes only their own', async () => {
      const admin = await givenAdmin();
      const ada = await givenUser(test);
      const adaToken = (await request(test.http).get('/api/v1/me').set(ada.auth).expect(200))
        .body as { token: { id: number } };
      const refused = await request(test.http)
        .delete(`/api/v1/tokens/${adaToken.token.id}`)
        .set(ada.auth)
        .expect(403);
      expect(refused.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="tokens:write"',
      );
      const other = await givenAdmin();
      await request(test.http)
        .patch(`/api/v1/users/${admin.id}`)
        .set(other.admin)
        .send({ role: 'member' })
        .expect(200);
      const demoted = await request(test.http)
        .delete(`/api/v1/tokens/${adaToken.token.id}`)
        .set(admin.admin)
        .expect(404);
      expect(demoted.body).toEqual({ error: 'no such token' });
      await request(test.http).get('/api/v1/me').set(ada.auth).expect(200);
    });
  });
});
