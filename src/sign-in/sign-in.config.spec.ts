import { ConfigError } from '../config/environment';
import { parseTtl, readSignInConfig } from './sign-in.config';

const ON = {
  OIDC_ISSUER: 'https://id.example.com/realms/acme',
  OIDC_CLIENT_ID: 'docs',
  OIDC_CLIENT_SECRET: 's3cret',
  PUBLIC_URL: 'https://docs.example.com/',
};

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    readSignInConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('readSignInConfig', () => {
  it('is off when none of the four is set', () => {
    expect(readSignInConfig({})).toBeNull();
    expect(readSignInConfig({ OIDC_GROUPS_CLAIM: 'groups', OIDC_ISSUER: ' ' })).toBeNull();
  });

  it('reads the settings, with swagger-ui as a client under PUBLIC_URL', () => {
    expect(readSignInConfig(ON)).toEqual({
      issuer: 'https://id.example.com/realms/acme',
      clientId: 'docs',
      clientSecret: 's3cret',
      publicUrl: 'https://docs.example.com',
      allowHttp: false,
      allowSignup: true,
      scopes: 'openid email profile',
      groupsClaim: null,
      adminGroups: null,
      allowedGroups: null,
      clients: [
        {
          clientId: 'swagger-ui',
          redirectUris: ['https://docs.example.com/api/oauth2-redirect.html'],
        },
      ],
      tokenTtlMs: 8 * 3_600_000,
    });
    const more = readSignInConfig({
      ...ON,
      OIDC_ALLOW_SIGNUP: 'false',
      OIDC_GROUPS_CLAIM: 'groups',
      OIDC_ADMIN_GROUPS: 'admins, ops',
      OIDC_ALLOWED_GROUPS: 'staff',
      OAUTH_TOKEN_TTL: '30m',
      OAUTH_CLIENTS: JSON.stringify([
        { client_id: 'cli', redirect_uris: ['http://127.0.0.1:8765/cb', 'com.example.app:/cb'] },
      ]),
    });
    expect(more).toMatchObject({
      allowSignup: false,
      groupsClaim: 'groups',
      adminGroups: ['admins', 'ops'],
      allowedGroups: ['staff'],
      tokenTtlMs: 30 * 60_000,
    });
    expect(more?.clients[1]).toEqual({
      clientId: 'cli',
      redirectUris: ['http://127.0.0.1:8765/cb', 'com.example.app:/cb'],
    });
  });

  it.each([
    [{ OIDC_ISSUER: ON.OIDC_ISSUER }, 'OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL are not set'],
    [{ ...ON, PUBLIC_URL: undefined }, 'PUBLIC_URL is not set'],
    [{ ...ON, PUBLIC_URL: 'docs.example.com' }, 'PUBLIC_URL must be an absolute URL'],
    [{ ...ON, PUBLIC_URL: 'https://docs.example.com/?a=1' }, 'PUBLIC_URL must have no query'],
    [{ ...ON, OIDC_ISSUER: 'http://id.example.com' }, 'http:// only with OIDC_ALLOW_HTTP=true'],
    [{ ...ON, OAUTH_CLIENTS: '{' }, 'OAUTH_CLIENTS must be a JSON list'],
    [
      { ...ON, OAUTH_CLIENTS: '[{"client_id":"swagger-ui","redirect_uris":["https://a/"]}]' },
      'client_id "swagger-ui" is taken',
    ],
    [
      { ...ON, OAUTH_CLIENTS: '[{"client_id":"x","redirect_uris":["http://example.com/cb"]}]' },
      'http:// only to the loopback address',
    ],
    [
      { ...ON, OAUTH_CLIENTS: '[{"client_id":"x","redirect_uris":["https://a.example/cb#f"]}]' },
      'no fragment',
    ],
    [{ ...ON, OAUTH_CLIENTS: '[{"client_id":"x","redirect_uris":[]}]' }, 'non-empty list'],
    [{ ...ON, OAUTH_TOKEN_TTL: '8' }, 'OAUTH_TOKEN_TTL must be a duration'],
    [{ ...ON, OIDC_ADMIN_GROUPS: 'admins' }, 'OIDC_ADMIN_GROUPS names groups of the groups claim'],
    [{ ...ON, OIDC_ALLOWED_GROUPS: 'staff' }, 'set OIDC_GROUPS_CLAIM too'],
  ])('refuses %j', (env, message) => {
    expect(refusal(env)).toContain(message);
  });

  it('takes http:// for the issuer and PUBLIC_URL with OIDC_ALLOW_HTTP', () => {
    const local = {
      ...ON,
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    };
    expect(readSignInConfig({ ...local, OIDC_ALLOW_HTTP: 'true' })?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('reads durations from a minute to 30 days', () => {
    expect(parseTtl('60s')).toBe(60_000);
    expect(parseTtl('30d')).toBe(30 * 86_400_000);
    expect(() => parseTtl('59s')).toThrow(ConfigError);
    expect(() => parseTtl('31d')).toThrow(ConfigError);
  });
});
