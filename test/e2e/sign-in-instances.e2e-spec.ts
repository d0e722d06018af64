// Two instances of the built service on one database, as behind a load balancer: a sign-in
// started on one finishes on the other (the pending sign-in is in the database, not in a
// process), and a token revoked through one is refused by the other on its next request.
import { randomBytes } from 'node:crypto';
import { buildIfNeeded, RunningService, startBuiltService } from '../support/built-service';
import {
  CookieJar,
  pkcePair,
  startIdentityProvider,
  TestIdentityProvider,
  throughProvider,
} from '../support/identity-provider';
import { databaseKind, dropTestDatabase } from '../support/test-app';

const PUBLIC_URL = 'http://docs.test';
const SWAGGER_UI_REDIRECT = `${PUBLIC_URL}/api/oauth2-redirect.html`;

describe(`sign-in across two instances (${databaseKind})`, () => {
  let provider: TestIdentityProvider;
  let first: RunningService;
  let second: RunningService;

  beforeAll(async () => {
    buildIfNeeded();
    provider = await startIdentityProvider([`${PUBLIC_URL}/oauth/callback`]);
    const env = {
      LOG_LEVEL: 'log',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      PUBLIC_URL,
      OIDC_ALLOW_HTTP: 'true',
    };
    first = await startBuiltService(env);
    second = await startBuiltService(env);
  }, 60_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await provider?.stop();
    await dropTestDatabase();
  });

  /** The path and query of a URL under PUBLIC_URL, sent to an instance. */
  const on = (instance: RunningService, publicUrl: string) =>
    `${instance.baseUrl}${publicUrl.slice(PUBLIC_URL.length)}`;

  it('starts on one instance, finishes on the other; a token revoked on one is refused by the other', async () => {
    provider.signInAs(`sub-${randomBytes(4).toString('hex')}`, {
      email: `two-${randomBytes(4).toString('hex')}@example.com`,
      email_verified: true,
      given_name: 'Two',
      family_name: 'Instances',
    });
    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'swagger-ui',
      redirect_uri: SWAGGER_UI_REDIRECT,
      state: 'across',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const started = await fetch(`${first.baseUrl}/oauth/authorize?${query.toString()}`, {
      redirect: 'manual',
    });
    expect(started.status).toBe(302);
    const jar = new CookieJar();
    jar.take(started.headers.getSetCookie());
    const back = await throughProvider(provider, started.headers.get('location')!);
    const callback = await fetch(on(second, back), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('across');
    const granted = await fetch(`${first.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        redirect_uri: SWAGGER_UI_REDIRECT,
        client_id: 'swagger-ui',
        code_verifier: verifier,
      }),
    });
    expect(granted.status).toBe(200);
    const { access_token: token } = (await granted.json()) as { access_token: string };
    const me = (instance: RunningService) =>
      fetch(`${instance.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    const revoked = await fetch(`${second.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
    expect(revoked.status).toBe(200);
    const refused = await me(first);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'bearer token has been revoked' });
  });
});
