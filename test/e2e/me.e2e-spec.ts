import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { UsersService } from '../../src/users/users.service';
import { givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(`GET /me (${databaseKind})`, () => {
  let test: TestApp;
  let ada: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    ada = await givenUser(test, { fname: 'Ada', lname: 'Lovelace' });
  });
  afterAll(() => test.close());

  const me = (auth: Record<string, string>) => request(test.http).get('/api/v1/me').set(auth);
  const issue = (email: string, scopes?: string[], expiresInDays?: number) =>
    test.app.get(ApiTokensService).issue({ email, name: 'laptop', scopes, expiresInDays });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('401 without a token', async () => {
    const response = await request(test.http).get('/api/v1/me').expect(401);
    expect(response.body).toEqual({
      error: 'missing bearer token: send the header Authorization: Bearer <token>',
    });
  });

  it("shows the caller, their role and the token they called with, never the token's secret", async () => {
    const issued = await issue(ada.email, undefined, 30);
    const response = await me(bearer(issued.token)).expect(200);
    expect(response.body).toEqual({
      user: {
        id: ada.id,
        email: ada.email,
        fname: 'Ada',
        lname: 'Lovelace',
        avatar_url: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}/),
      },
      role: 'member',
      token: {
        id: issued.id,
        name: 'laptop',
        prefix: issued.token.slice(0, 8),
        scopes: ['docs:read', 'docs:write'],
        source: 'cli',
        created_at: expect.stringMatching(ISO_UTC_MS),
        expires_at: issued.expiresAt!.toISOString(),
      },
    });
    expect(JSON.stringify(response.body)).not.toContain(issued.token.slice(0, 9));
  });

  it('answers a token of any scope; a token for managing tokens alone may not read documents', async () => {
    const issued = await issue(ada.email, ['tokens:write']);
    const answer = await me(bearer(issued.token)).expect(200);
    expect((answer.body as { token: { scopes: string[] } }).token.scopes).toEqual(['tokens:write']);
    const refused = await request(test.http)
      .get('/api/v1/docs')
      .set(bearer(issued.token))
      .expect(403);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="docs:read"',
    );
    expect(refused.body).toEqual({
      error:
        'insufficient scope: reading needs a token with docs:read; this token has tokens:write',
    });
  });

  it('an admin sees their role; the admin scope is for admins only', async () => {
    const grace = await givenUser(test);
    await expect(issue(grace.email, ['admin'])).rejects.toThrow(
      `the admin scope is for admins only; ${grace.email} is a member`,
    );
    expect((await test.app.get(UsersService).setRole(grace.email, 'admin')).role).toBe('admin');
    const issued = await issue(grace.email, ['docs:write', 'admin']);
    const response = await me(bearer(issued.token)).expect(200);
    expect(response.body).toMatchObject({
      role: 'admin',
      token: { scopes: ['docs:read', 'docs:write', 'admin'], expires_at: null },
    });
    // Back to member: the role follows at once, on the next request.
    await test.app.get(UsersService).setRole(grace.email, 'member');
    expect((await me(bearer(issued.token)).expect(200)).body).toMatchObject({ role: 'member' });
  });

  it("refuses every token of a deactivated user at once (401), and works again once they're back", async () => {
    const linus = await givenUser(test);
    const setActive = (active: boolean) =>
      test.dataSource.query('UPDATE users SET active = ? WHERE id = ?', [active ? 1 : 0, linus.id]);
    await setActive(false);
    const refused = await me(linus.auth).expect(401);
    expect(refused.body).toEqual({ error: "bearer token's user has been deactivated" });
    await request(test.http).get('/api/v1/docs').set(linus.auth).expect(401);
    await setActive(true);
    await me(linus.auth).expect(200);
  });
});
