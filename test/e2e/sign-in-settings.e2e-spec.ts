import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { freePort } from '../support/built-service';
import { givenUser } from '../support/builders';
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
import { databaseKind, startTestApp, startTestAppWith, TestApp } from '../support/test-app';

const PUBLIC_URL = TEST_PUBLIC_URL;
const CALLBACK = TEST_CALLBACK;
const SWAGGER_UI_REDIRECT = TEST_SWAGGER_UI_REDIRECT;
const unique = () => randomBytes(4).toString('hex');

const signInSettings = (issuer: string, more: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'dms',
  OIDC_CLIENT_SECRET: 'dms-secret',
  PUBLIC_URL,
  OIDC_ALLOW_HTTP: 'true',
  OIDC_SCOPES: 'openid email profile groups',
  ...more,
});

const authorizeQuery = () => ({
  response_type: 'code',
  client_id: 'swagger-ui',
  redirect_uri: SWAGGER_UI_REDIRECT,
  state: unique(),
  code_challenge: pkcePair().challenge,
  code_challenge_method: 'S256',
});

describe(`sign-in, as configured (${databaseKind})`, () => {
  describe('off (no OIDC_* set)', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp();
    });
    afterAll(() => test.close());

    it.each([
      ['get', '/oauth/authorize'],
      ['get', '/oauth/callback'],
      ['post', '/oauth/token'],
      ['post', '/oauth/revoke'],
    ] as const)('%s %s: 404', async (method, path) => {
      const response = await request(test.http)[method](path).expect(404);
      expect(response.body).toEqual({
        error: 'sign-in is not configured on this service (OIDC_ISSUER and the rest are unset)',
      });
    });
  });

  describe('with a provider that does not answer, or whose issuer is not OIDC_ISSUER', () => {
    it('503 with Retry-After for sign-in; the rest of the service works', async () => {
      const test = await startTestAppWith(signInSettings(`http://127.0.0.1:${await freePort()}`));
      try {
        const down = await request(test.http).get('/oauth/authorize').query(authorizeQuery());
        expect(down.status).toBe(503);
        expect(down.headers['retry-after']).toBe('5');
        expect((down.body as { error: string }).error).toMatch(
          /^sign-in is unavailable: the identity provider at http:\/\/127\.0\.0\.1:\d+ does not answer as expected/,
        );
        await request(test.http).get('/health').expect(200);
        const user = await givenUser(test);
        await request(test.http).get('/api/v1/me').set(user.auth).expect(200);
      } finally {
        await test.close();
      }
    });

    it('503 when the discovered issuer is not exactly OIDC_ISSUER', async () => {
      const provider = await startIdentityProvider([CALLBACK]);
      const test = await startTestAppWith(
        signInSettings(provider.issuer.replace('127.0.0.1', 'localhost')),
      );
      try {
        const mismatch = await request(test.http).get('/oauth/authorize').query(authorizeQuery());
        expect(mismatch.status).toBe(503);
        expect((mismatch.body as { error: string }).error).toContain(
          'discovered metadata issuer does not match the expected issuer',
        );
      } finally {
        await test.close();
        await provider.stop();
      }
    });
  });

  describe('OIDC_ALLOW_SIGNUP=false and OIDC_ALLOWED_GROUPS', () => {
    let provider: TestIdentityProvider;
    let test: TestApp;
    beforeAll(async () => {
      provider = await startIdentityProvider([CALLBACK]);
      test = await startTestAppWith(
        signInSettings(provider.issuer, {
          OIDC_ALLOW_SIGNUP: 'false',
          OIDC_GROUPS_CLAIM: 'groups',
          OIDC_ALLOWED_GROUPS: 'staff,contractors',
        }),
      );
    });
    afterAll(async () => {
      await test.close();
      await provider.stop();
    });

    /** A sign-in as `sub` up to the service's callback; its answer. */
    async function callbackFor(sub: string, claims: ProviderAccount) {
      provider.signInAs(sub, claims);
      const started = await request(test.http).get('/oauth/authorize').query(authorizeQuery());
      const jar = new CookieJar();
      jar.take(started.headers['set-cookie'] as unknown as string[]);
      const back = await throughProvider(provider, started.headers.location);
      return request(test.http).get(back.slice(PUBLIC_URL.length)).set('Cookie', jar.header());
    }

    it('403 for a person in none of the allowed groups, known or not', async () => {
      const existing = await givenUser(test);
      for (const groups of [[], ['visitors']]) {
        const refused = await callbackFor(`sub-${unique()}`, {
          email: existing.email,
          email_verified: true,
          groups,
        });
        expect(refused.status).toBe(403);
        expect(refused.headers.location).toBeUndefined();
        expect(refused.body).toEqual({
          error: 'sign-in is for members of staff, contractors at the identity provider',
        });
      }
    });

    it('403 for a person the service does not know; an existing user signs in', async () => {
      const stranger = await callbackFor(`sub-${unique()}`, {
        email: `new-${unique()}@example.com`,
        email_verified: true,
        groups: ['staff'],
      });
      expect(stranger.status).toBe(403);
      expect(stranger.body).toEqual({
        error:
          'this service makes no users at sign-in (OIDC_ALLOW_SIGNUP=false): ask an admin to make yours',
      });
      const existing = await givenUser(test);
      const known = await callbackFor(`sub-${unique()}`, {
        email: existing.email,
        email_verified: true,
        groups: ['contractors'],
      });
      expect(known.status).toBe(302);
      expect(new URL(known.headers.location).searchParams.get('code')).toMatch(
        /^[A-Za-z0-9_-]{43}$/,
      );
    });
  });
});
