import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { GroupMemberInput } from '../../src/groups/dto/new-group.input';
import { GroupsService } from '../../src/groups/groups.service';
import { UsersService } from '../../src/users/users.service';
import { givenUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import {
  CookieJar,
  pkcePair,
  ProviderAccount,
  startIdentityProvider,
  TEST_CALLBACK,
  TEST_PUBLIC_URL,
  TEST_SWAGGER_UI_REDIRECT,
  TestIdentityProvider,
  throughProvider,
} from '../support/identity-provider';
import { databaseKind, startTestAppWith, TestApp } from '../support/test-app';

const PUBLIC_URL = TEST_PUBLIC_URL;
const CALLBACK = TEST_CALLBACK;
const SWAGGER_UI_REDIRECT = TEST_SWAGGER_UI_REDIRECT;

/** The settings of sign-in, set while the app starts. */
function signInEnvironment(provider: TestIdentityProvider): Record<string, string> {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    PUBLIC_URL,
    OIDC_ALLOW_HTTP: 'true',
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_GROUPS_CLAIM: 'groups',
    OIDC_ADMIN_GROUPS: 'dms-admins',
    OAUTH_CLIENTS: JSON.stringify([
      { client_id: 'tool', redirect_uris: ['http://127.0.0.1:8765/callback'] },
    ]),
  };
}

const unique = () => randomBytes(4).toString('hex');

describe(`sign-in through an identity provider (${databaseKind})`, () => {
  let provider: TestIdentityProvider;
  let test: TestApp;

  beforeAll(async () => {
    provider = await startIdentityProvider([CALLBACK]);
    test = await startTestAppWith(signInEnvironment(provider));
  });
  afterAll(async () => {
    await test.close();
    await provider.stop();
  });

  interface Authorization {
    client_id?: string;
    redirect_uri?: string;
    scope?: string;
    state?: string;
    code_challenge?: string;
    code_challenge_method?: string;
    response_type?: string;
  }

  const authorize = (parameters: Authorization) =>
    request(test.http)
      .get('/oauth/authorize')
      .query(
        Object.fromEntries(Object.entries(parameters).filter(([, value]) => value !== undefined)),
      );

  /** The parameters Swagger UI sends, with a fresh PKCE pair and state. */
  function swaggerUi(overrides: Authorization = {}) {
    const pkce = pkcePair();
    const state = unique();
    const parameters: Authorization = {
      response_type: 'code',
      client_id: 'swagger-ui',
      redirect_uri: SWAGGER_UI_REDIRECT,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    return { parameters, verifier: pkce.verifier, state };
  }

  /**
   * A browser's sign-in as `sub`: the service's authorize, the provider, the service's callback.
   * The callback's answer, and the code it gave (if any).
   */
  async function signIn(
    sub: string,
    claims: ProviderAccount,
    overrides: Authorization = {},
  ): Promise<{ callback: request.Response; code?: string; verifier: string; state: string }> {
    provider.signInAs(sub, claims);
    const { parameters, verifier, state } = swaggerUi(overrides);
    const started = await authorize(parameters).expect(302);
    const jar = new CookieJar();
    jar.take(started.headers['set-cookie'] as unknown as string[]);
    const back = await throughProvider(provider, started.headers.location);
    expect(back.startsWith(`${CALLBACK}?`)).toBe(true);
    const callback = await request(test.http)
      .get(back.slice(PUBLIC_URL.length))
      .set('Cookie', jar.header());
    const location = callback.headers.location as string | undefined;
    const code = location ? (new URL(location).searchParams.get('code') ?? undefined) : undefined;
    return { callback, code, verifier, state };
  }

  const exchange = (code: string, verifier: string, overrides: Record<string, string> = {}) =>
    request(test.http)
      .post('/oauth/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        redirect_uri: SWAGGER_UI_REDIRECT,
        client_id: 'swagger-ui',
        code_verifier: verifier,
        ...overrides,
      });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  describe('the whole flow', () => {
    it('signs a new person in: a user from the claims, a dms_ token, GET /me', async () => {
      const email = `new-${unique()}@example.com`;
      const sub = `sub-${unique()}`;
      const { callback, code, verifier, state } = await signIn(sub, {
        email,
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Lovelace',
      });
      expect(callback.status).toBe(302);
      const back = new URL(callback.headers.location);
      expect(`${back.origin}${back.pathname}`).toBe(SWAGGER_UI_REDIRECT);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        code: expect.any(String),
        state,
        iss: PUBLIC_URL,
      });
      const granted = await exchange(code!, verifier).expect(200);
      expect(granted.headers['cache-control']).toBe('no-store');
      expect(granted.body).toEqual({
        access_token: expect.stringMatching(/^dms_[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 8 * 3600,
        scope: 'docs:read docs:write tokens:write',
      });
      const token = (granted.body as { access_token: string }).access_token;
      const me = await request(test.http).get('/api/v1/me').set(bearer(token)).expect(200);
      expect(me.body).toEqual({
        user: {
          id: expect.any(Number),
          email,
          fname: 'Ada',
          lname: 'Lovelace',
          avatar_url: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\//),
        },
        role: 'member',
        token: {
          id: expect.any(Number),
          name: 'sign-in (swagger-ui)',
          prefix: token.slice(0, 8),
          scopes: ['docs:read', 'docs:write', 'tokens:write'],
          source: 'sign-in',
          created_at: expect.stringMatching(ISO_UTC_MS),
          expires_at: expect.stringMatching(ISO_UTC_MS),
        },
      });
    });
  });

  /** The parameters of a redirect to the client. */
  const redirectParameters = (response: request.Response) => {
    const location = new URL(response.headers.location);
    return {
      to: `${location.origin}${location.pathname}`,
      ...Object.fromEntries(location.searchParams),
    };
  };

  describe('GET /oauth/authorize', () => {
    it('sends the browser to the provider with its own state, nonce and S256 challenge; a cookie binds the sign-in', async () => {
      const started = await authorize(swaggerUi().parameters).expect(302);
      const to = new URL(started.headers.location);
      expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(to.searchParams)).toEqual({
        client_id: 'dms',
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email profile groups',
        state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
      });
      expect(started.headers['cache-control']).toBe('no-store');
      const [cookie] = started.headers['set-cookie'] as unknown as string[];
      expect(cookie).toMatch(
        /^dms_sign_in=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/oauth; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
      );
    });

    it('400 JSON, never a redirect, for an unknown client or a redirect_uri one character off', async () => {
      const unknown = await authorize(swaggerUi({ client_id: 'nobody' }).parameters).expect(400);
      expect(unknown.headers.location).toBeUndefined();
      expect(unknown.body).toEqual({ error: 'unknown client_id "nobody"' });
      const off = `${SWAGGER_UI_REDIRECT}x`;
      const wrong = await authorize(swaggerUi({ redirect_uri: off }).parameters).expect(400);
      expect(wrong.headers.location).toBeUndefined();
      expect(wrong.body).toEqual({
        error: `redirect_uri must be one registered for swagger-ui, exactly (got "${off}")`,
      });
      const other = await authorize(
        swaggerUi({ client_id: 'tool', redirect_uri: SWAGGER_UI_REDIRECT }).parameters,
      ).expect(400);
      expect(other.headers.location).toBeUndefined();
    });

    it.each([
      [
        { code_challenge: undefined },
        'invalid_request',
        'code_challenge is required (PKCE with S256)',
      ],
      [{ code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256'],
      [
        { code_challenge_method: undefined },
        'invalid_request',
        'code_challenge_method must be S256',
      ],
      [
        { code_challenge: 'short' },
        'invalid_request',
        'code_challenge must be 43 base64url characters (S256)',
      ],
      [{ response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
      [
        { scope: 'docs:read docs:admin' },
        'invalid_scope',
        'scope must be made of docs:read, docs:write, tokens:write, admin',
      ],
    ])(
      '%j: back to the client with an error, its state and iss',
      async (overrides, error, description) => {
        const { parameters, state } = swaggerUi(overrides);
        const refused = await authorize(parameters).expect(302);
        expect(refused.headers['set-cookie']).toBeUndefined();
        expect(redirectParameters(refused)).toEqual({
          to: SWAGGER_UI_REDIRECT,
          error,
          error_description: description,
          state,
          iss: PUBLIC_URL,
        });
      },
    );
  });

  describe('GET /oauth/callback', () => {
    /** A sign-in taken as far as the provider's redirect back; the cookie and that URL. */
    async function atCallback(sub: string, claims: ProviderAccount) {
      provider.signInAs(sub, claims);
      const { parameters, verifier } = swaggerUi();
      const started = await authorize(parameters).expect(302);
      const jar = new CookieJar();
      jar.take(started.headers['set-cookie'] as unknown as string[]);
      const back = await throughProvider(provider, started.headers.location);
      return { jar, back: new URL(back), verifier };
    }
    const call = (url: URL, cookie?: string) => {
      const pending = request(test.http).get(`${url.pathname}${url.search}`);
      return cookie ? pending.set('Cookie', cookie) : pending;
    };

    it('400 without the sign-in cookie, or with a state that is not the sign-in’s; no code', async () => {
      const claims = { email: `c-${unique()}@example.com`, email_verified: true };
      const first = await atCallback(`sub-${unique()}`, claims);
      const noCookie = await call(first.back).expect(400);
      expect(noCookie.headers.location).toBeUndefined();
      expect(noCookie.body).toEqual({
        error:
          'no sign-in is under way in this browser (its cookie is missing): start again from the application',
      });
      const tampered = new URL(first.back);
      tampered.searchParams.set('state', 'x'.repeat(43));
      const wrongState = await call(tampered, first.jar.header()).expect(400);
      expect(wrongState.body).toEqual({ error: 'state does not match this sign-in' });
      // The sign-in is used up by then: the right state does not finish it either.
      const again = await call(first.back, first.jar.header()).expect(400);
      expect((again.body as { error: string }).error).toContain('this sign-in is unknown');
      const foreign = await call(first.back, 'dms_sign_in=' + 'y'.repeat(43)).expect(400);
      expect((foreign.body as { error: string }).error).toContain('this sign-in is unknown');
    });

    it('400 for an iss that is not the provider’s (RFC 9207)', async () => {
      const claims = { email: `i-${unique()}@example.com`, email_verified: true };
      const { jar, back } = await atCallback(`sub-${unique()}`, claims);
      back.searchParams.set('iss', 'http://127.0.0.1:1');
      const refused = await call(back, jar.header()).expect(400);
      expect(refused.headers.location).toBeUndefined();
      expect((refused.body as { error: string }).error).toMatch(
        /^sign-in failed: invalid response encountered \[OAUTH_INVALID_RESPONSE\]: .*"iss"/,
      );
    });

    it('a refusal at the provider goes back to the client as access_denied', async () => {
      const claims = { email: `d-${unique()}@example.com`, email_verified: true };
      const { jar, back } = await atCallback(`sub-${unique()}`, claims);
      const denied = new URL(CALLBACK);
      denied.searchParams.set('error', 'access_denied');
      denied.searchParams.set('state', back.searchParams.get('state')!);
      const answer = await call(denied, jar.header()).expect(302);
      expect(redirectParameters(answer)).toMatchObject({
        to: SWAGGER_UI_REDIRECT,
        error: 'access_denied',
        iss: PUBLIC_URL,
      });
    });
  });

  describe('POST /oauth/token', () => {
    const person = () => ({
      sub: `sub-${unique()}`,
      claims: { email: `t-${unique()}@example.com`, email_verified: true },
    });

    it('a code used twice: invalid_grant, and the token of its first use stops working', async () => {
      const { sub, claims } = person();
      const { code, verifier } = await signIn(sub, claims);
      const first = await exchange(code!, verifier).expect(200);
      const token = (first.body as { access_token: string }).access_token;
      await request(test.http).get('/api/v1/me').set(bearer(token)).expect(200);
      const second = await exchange(code!, verifier).expect(400);
      expect(second.headers['cache-control']).toBe('no-store');
      expect(second.body).toEqual({
        error: 'invalid_grant',
        error_description:
          'code was already used: the token issued for it is revoked; sign in again',
      });
      const after = await request(test.http).get('/api/v1/me').set(bearer(token)).expect(401);
      expect(after.body).toEqual({ error: 'bearer token has been revoked' });
    });

    it('invalid_grant for a wrong verifier, another redirect_uri or client; the code still works after', async () => {
      const { sub, claims } = person();
      const { code, verifier } = await signIn(sub, claims);
      const grant = (overrides: Record<string, string>) => exchange(code!, verifier, overrides);
      expect((await grant({ code_verifier: pkcePair().verifier }).expect(400)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'code_verifier does not match the code_challenge',
      });
      expect((await grant({ redirect_uri: `${SWAGGER_UI_REDIRECT}x` }).expect(400)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'code was given to another client or redirect_uri',
      });
      expect((await grant({ client_id: 'tool' }).expect(400)).body).toMatchObject({
        error: 'invalid_grant',
      });
      await exchange(code!, verifier).expect(200);
    });

    it('invalid_request, unsupported_grant_type, invalid_client: RFC 6749 §5.2 bodies', async () => {
      const post = (form: Record<string, string>) =>
        request(test.http).post('/oauth/token').type('form').send(form).expect(400);
      const base = {
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: SWAGGER_UI_REDIRECT,
        client_id: 'swagger-ui',
        code_verifier: pkcePair().verifier,
      };
      expect((await post({ ...base, grant_type: 'password' })).body).toEqual({
        error: 'unsupported_grant_type',
        error_description: 'grant_type must be authorization_code',
      });
      expect((await post({ ...base, code: '' })).body).toEqual({
        error: 'invalid_request',
        error_description: 'code is required, once',
      });
      expect((await post({ ...base, client_id: 'nobody' })).body).toEqual({
        error: 'invalid_client',
        error_description: 'unknown client_id "nobody"',
      });
      expect((await post({ ...base, code_verifier: 'short' })).body).toMatchObject({
        error: 'invalid_request',
      });
      expect((await post(base)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'code is unknown or expired',
      });
      const json = await request(test.http).post('/oauth/token').send(base).expect(400);
      expect(json.body).toEqual({
        error: 'invalid_request',
        error_description: 'send the parameters as application/x-www-form-urlencoded',
      });
    });
  });

  describe('POST /oauth/revoke', () => {
    it('200 always; a token it names stops working at once', async () => {
      const { code, verifier } = await signIn(`sub-${unique()}`, {
        email: `r-${unique()}@example.com`,
        email_verified: true,
      });
      const token = ((await exchange(code!, verifier).expect(200)).body as { access_token: string })
        .access_token;
      const revoke = (form: Record<string, string>) =>
        request(test.http).post('/oauth/revoke').type('form').send(form).expect(200);
      expect((await revoke({ token })).text).toBe('');
      await request(test.http).get('/api/v1/me').set(bearer(token)).expect(401);
      await revoke({ token });
      await revoke({ token: `dms_${'z'.repeat(43)}` });
      await revoke({ token: 'not a token' });
      await revoke({});
    });
  });

  /** Signs in and exchanges the code: the token, or the callback's refusal. */
  async function tokenFor(sub: string, claims: ProviderAccount, overrides: Authorization = {}) {
    const { callback, code, verifier } = await signIn(sub, claims, overrides);
    if (!code) return { callback, token: undefined };
    const granted = await exchange(code, verifier).expect(200);
    return { callback, token: (granted.body as { access_token: string }).access_token };
  }

  const meOf = async (token: string) =>
    (await request(test.http).get('/api/v1/me').set(bearer(token)).expect(200)).body as {
      user: { id: number; email: string; fname: string; lname: string };
      role: string;
      token: { scopes: string[] };
    };

  describe('who a person is', () => {
    it('finds a person by (issuer, sub) whatever their e-mail becomes', async () => {
      const sub = `sub-${unique()}`;
      const email = `p-${unique()}@example.com`;
      const first = await tokenFor(sub, {
        email,
        email_verified: true,
        name: 'Grace Brewster Hopper',
      });
      const me = await meOf(first.token!);
      expect(me.user).toMatchObject({ email, fname: 'Grace', lname: 'Brewster Hopper' });
      const later = await tokenFor(sub, {
        email: `moved-${unique()}@example.com`,
        email_verified: true,
      });
      expect((await meOf(later.token!)).user).toEqual(me.user);
    });

    it('links an existing user by e-mail only when the provider says it is verified', async () => {
      const existing = await givenUser(test);
      const unverified = await tokenFor(`sub-${unique()}`, {
        email: existing.email.toUpperCase(),
        email_verified: false,
      });
      expect(unverified.callback.status).toBe(403);
      expect(unverified.callback.headers.location).toBeUndefined();
      expect(unverified.callback.body).toEqual({
        error: `a user with e-mail ${existing.email} exists, and the identity provider does not say the address is verified: it is not linked to you`,
      });
      const sub = `sub-${unique()}`;
      const verified = await tokenFor(sub, { email: existing.email, email_verified: true });
      expect((await meOf(verified.token!)).user.id).toBe(existing.id);
      // Linked now: the e-mail no longer matters.
      const again = await tokenFor(sub, { email: existing.email, email_verified: false });
      expect((await meOf(again.token!)).user.id).toBe(existing.id);
    });

    it('the same sub from another issuer is another person', async () => {
      const someone = await givenUser(test);
      const sub = `sub-${unique()}`;
      await test.dataSource.query(
        'INSERT INTO sign_in_identities (user_id, issuer, subject, created_at) VALUES (?, ?, ?, ?)',
        [someone.id, 'https://other.example.com', sub, '2026-11-29 10:00:00.000'],
      );
      const signedIn = await tokenFor(sub, {
        email: `s-${unique()}@example.com`,
        email_verified: true,
      });
      expect((await meOf(signedIn.token!)).user.id).not.toBe(someone.id);
    });

    it('refuses the sign-in of a deactivated user (403), and gives their token nothing', async () => {
      const sub = `sub-${unique()}`;
      const claims = { email: `x-${unique()}@example.com`, email_verified: true };
      const first = await tokenFor(sub, claims);
      const { user } = await meOf(first.token!);
      await test.app.get(UsersService).changeAccount(null, user.id, { active: false });
      await request(test.http).get('/api/v1/me').set(bearer(first.token!)).expect(401);
      const refused = await tokenFor(sub, claims);
      expect(refused.callback.status).toBe(403);
      expect(refused.callback.body).toEqual({
        error: 'your user has been deactivated: ask an admin',
      });
    });
  });

  describe('roles and scopes from the provider', () => {
    it('an admin while the claim holds OIDC_ADMIN_GROUPS, a member after a sign-in without it', async () => {
      const sub = `sub-${unique()}`;
      const email = `a-${unique()}@example.com`;
      const asAdmin = await tokenFor(
        sub,
        { email, email_verified: true, groups: ['dms-admins'] },
        { scope: 'docs:read admin' },
      );
      const me = await meOf(asAdmin.token!);
      expect(me).toMatchObject({ role: 'admin', token: { scopes: ['docs:read', 'admin'] } });
      await request(test.http).get('/api/v1/users').set(bearer(asAdmin.token!)).expect(200);
      const asMember = await tokenFor(sub, { email, email_verified: true, groups: [] });
      expect((await meOf(asMember.token!)).role).toBe('member');
      const stale = await request(test.http).get('/api/v1/users').set(bearer(asAdmin.token!));
      expect(stale.status).toBe(403);
    });

    it('scope beyond the role: invalid_scope at the client, no code; a narrower scope is kept', async () => {
      const claims = { email: `m-${unique()}@example.com`, email_verified: true };
      const sub = `sub-${unique()}`;
      const { callback, state } = await signIn(sub, claims, { scope: 'docs:read admin' });
      expect(redirectParameters(callback)).toEqual({
        to: SWAGGER_UI_REDIRECT,
        error: 'invalid_scope',
        error_description: 'scope admin is for admins only',
        state,
        iss: PUBLIC_URL,
      });
      const narrow = await tokenFor(sub, claims, { scope: 'docs:read' });
      expect((await meOf(narrow.token!)).token.scopes).toEqual(['docs:read']);
      const write = await request(test.http)
        .post('/api/v1/docs')
        .set(bearer(narrow.token!))
        .send({ title: 'x' });
      expect(write.status).toBe(403);
    });
  });

  describe('provider-managed groups', () => {
    const groupsOf = async (token: string) =>
      (
        (await request(test.http).get('/api/v1/groups').set(bearer(token)).expect(200)).body as {
          groups: { id: number; name: string; role: string; managed_by: string }[];
        }
      ).groups;

    it('follow the claim at each sign-in, removals included; 409 for member changes through the API', async () => {
      const tag = unique();
      const sub = `sub-${unique()}`;
      const email = `g-${unique()}@example.com`;
      const first = await tokenFor(sub, {
        email,
        email_verified: true,
        groups: [`Sales-${tag}`, `ops-${tag}`, `sales-${tag}`],
      });
      const groups = await groupsOf(first.token!);
      expect(groups.map(({ name, role, managed_by }) => ({ name, role, managed_by }))).toEqual([
        { name: `ops-${tag}`, role: 'member', managed_by: 'provider' },
        { name: `Sales-${tag}`, role: 'member', managed_by: 'provider' },
      ]);
      const second = await tokenFor(sub, {
        email,
        email_verified: true,
        groups: [`ops-${tag}`, `legal-${tag}`],
      });
      const after = await groupsOf(second.token!);
      expect(after.map((group) => group.name)).toEqual([`legal-${tag}`, `ops-${tag}`]);
      const ops = after.find((group) => group.name === `ops-${tag}`)!;
      expect(ops.id).toBe(groups.find((group) => group.name === `ops-${tag}`)!.id);

      const other = await givenUser(test);
      const add = await request(test.http)
        .post(`/api/v1/groups/${ops.id}/members`)
        .set(bearer(second.token!))
        .send({ email: other.email });
      expect(add.status).toBe(409);
      expect(add.body).toEqual({
        error: `the members of "ops-${tag}" are managed by the identity provider: they change only when they sign in`,
      });
      const me = await meOf(second.token!);
      const leave = await request(test.http)
        .delete(`/api/v1/groups/${ops.id}/members/${me.user.id}`)
        .set(bearer(second.token!));
      expect(leave.status).toBe(409);
      // The CLI's `groups add` names groups the service manages; this one it refuses the same way.
      await expect(
        test.app
          .get(GroupsService)
          .addMemberByName(
            `OPS-${tag}`,
            Object.assign(new GroupMemberInput(), { email: other.email }),
          ),
      ).rejects.toThrow(`the members of "OPS-${tag}" are managed by the identity provider`);
      const service = await request(test.http)
        .post('/api/v1/groups')
        .set(bearer(second.token!))
        .send({ name: `ops-${tag}` });
      expect(service.status).toBe(201);
      expect((service.body as { managed_by: string }).managed_by).toBe('service');
    });
  });
});
