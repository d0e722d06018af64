import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ISO_UTC_MS } from '../support/expectations';
import {
  CookieJar,
  pkcePair,
  ProviderAccount,
  startIdentityProvider,
  TestIdentityProvider,
  throughProvider,
} from '../support/identity-provider';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const PUBLIC_URL = 'http://docs.test';
const CALLBACK = `${PUBLIC_URL}/oauth/callback`;
const SWAGGER_UI_REDIRECT = `${PUBLIC_URL}/api/oauth2-redirect.html`;

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

async function startWith(env: Record<string, string>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await startTestApp();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const unique = () => randomBytes(4).toString('hex');

describe(`sign-in through an identity provider (${databaseKind})`, () => {
  let provider: TestIdentityProvider;
  let test: TestApp;

  beforeAll(async () => {
    provider = await startIdentityProvider([CALLBACK]);
    test = await startWith(signInEnvironment(provider));
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
});
