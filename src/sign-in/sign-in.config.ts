import { ConfigType, registerAs } from '@nestjs/config';
import { IsOptional, IsString } from 'class-validator';
import { ConfigError, readEnvironment, TrueOrFalse } from '../config/environment';

/** The client Swagger UI signs in as: public, with one redirect URI under the service's own. */
export const SWAGGER_UI_CLIENT = 'swagger-ui';

/** A client of the service's own OAuth endpoints: public, PKCE always, exact redirect URIs. */
export interface OAuthClient {
  clientId: string;
  redirectUris: string[];
}

class SignInVariables {
  @IsOptional() @IsString() OIDC_ISSUER?: string;
  @IsOptional() @IsString() OIDC_CLIENT_ID?: string;
  @IsOptional() @IsString() OIDC_CLIENT_SECRET?: string;
  @IsOptional() @IsString() PUBLIC_URL?: string;

  @TrueOrFalse('OIDC_ALLOW_HTTP')
  OIDC_ALLOW_HTTP?: boolean;

  @TrueOrFalse('OIDC_ALLOW_SIGNUP')
  OIDC_ALLOW_SIGNUP?: boolean;

  @IsOptional() @IsString() OIDC_GROUPS_CLAIM?: string;
  @IsOptional() @IsString() OIDC_ADMIN_GROUPS?: string;
  @IsOptional() @IsString() OIDC_ALLOWED_GROUPS?: string;
  @IsOptional() @IsString() OAUTH_CLIENTS?: string;
  @IsOptional() @IsString() OAUTH_TOKEN_TTL?: string;
  @IsOptional() @IsString() OIDC_SCOPES?: string;
}

const REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const;
const DURATION_UNITS_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const TTL_MIN_MS = 60_000;
const TTL_MAX_MS = 30 * 86_400_000;

export interface SignInSettings {
  /** The provider's issuer identifier, exactly as its discovery document says it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The service's external base URL, without a trailing slash: every redirect URI's base. */
  publicUrl: string;
  /** `http://` issuers and a `http://` PUBLIC_URL (development and tests). */
  allowHttp: boolean;
  /** Whether a person the service does not know yet gets a user at their first sign-in. */
  allowSignup: boolean;
  /** The scopes asked of the provider, space-separated, `openid` among them. */
  scopes: string;
  /** The claim whose values are the user's provider-managed groups; null: none are kept. */
  groupsClaim: string | null;
  /** Groups of the claim that make an admin; null: sign-in leaves the role alone. */
  adminGroups: string[] | null;
  /** Groups of the claim one of which a person needs to sign in; null: anyone may. */
  allowedGroups: string[] | null;
  /** Every client: `swagger-ui` and those of OAUTH_CLIENTS. */
  clients: OAuthClient[];
  /** How long a token from `/oauth/token` works. */
  tokenTtlMs: number;
}

/**
 * Sign-in through an OpenID Connect provider: null when it is off (none of the four required
 * variables set). Throws ConfigError when some are set and not all, or one is unusable.
 */
export function readSignInConfig(env: NodeJS.ProcessEnv): SignInSettings | null {
  const vars = readEnvironment(SignInVariables, env);
  const given = REQUIRED.filter((name) => vars[name] !== undefined);
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: sign-in needs ${REQUIRED.join(', ')}; ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`,
    );
  }
  const allowHttp = vars.OIDC_ALLOW_HTTP ?? false;
  const issuer = httpUrl('OIDC_ISSUER', vars.OIDC_ISSUER!.trim(), allowHttp);
  const publicUrl = httpUrl('PUBLIC_URL', vars.PUBLIC_URL!.trim(), allowHttp).replace(/\/+$/, '');
  if (new URL(publicUrl).search !== '' || new URL(publicUrl).hash !== '') {
    throw new ConfigError('Invalid configuration: PUBLIC_URL must have no query or fragment');
  }
  const groupsClaim = vars.OIDC_GROUPS_CLAIM?.trim() || null;
  for (const name of ['OIDC_ADMIN_GROUPS', 'OIDC_ALLOWED_GROUPS'] as const) {
    if (list(vars[name]) && !groupsClaim) {
      throw new ConfigError(
        `Invalid configuration: ${name} names groups of the groups claim: set OIDC_GROUPS_CLAIM too`,
      );
    }
  }
  return {
    issuer,
    clientId: vars.OIDC_CLIENT_ID!.trim(),
    clientSecret: vars.OIDC_CLIENT_SECRET!,
    publicUrl,
    allowHttp,
    allowSignup: vars.OIDC_ALLOW_SIGNUP ?? true,
    scopes: providerScopes(vars.OIDC_SCOPES),
    groupsClaim,
    adminGroups: list(vars.OIDC_ADMIN_GROUPS),
    allowedGroups: list(vars.OIDC_ALLOWED_GROUPS),
    clients: [
      { clientId: SWAGGER_UI_CLIENT, redirectUris: [`${publicUrl}/api/oauth2-redirect.html`] },
      ...parseClients(vars.OAUTH_CLIENTS),
    ],
    tokenTtlMs: parseTtl(vars.OAUTH_TOKEN_TTL ?? '8h'),
  };
}

function httpUrl(name: string, value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `Invalid configuration: ${name} must be an absolute URL (got ${JSON.stringify(value)})`,
    );
  }
  if (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) return value;
  throw new ConfigError(
    `Invalid configuration: ${name} must be an https:// URL${allowHttp ? ' or an http:// one' : ' (http:// only with OIDC_ALLOW_HTTP=true)'} (got ${JSON.stringify(value)})`,
  );
}

/** OIDC_SCOPES: space-separated, default `openid email profile`; `openid` is always asked. */
function providerScopes(value: string | undefined): string {
  const scopes = (value ?? 'openid email profile').split(/\s+/).filter((scope) => scope !== '');
  return [...new Set(['openid', ...scopes])].join(' ');
}

/** Comma-separated names; null when there are none. */
function list(value: string | undefined): string[] | null {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 ? names : null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * OAUTH_CLIENTS: a JSON list of `{client_id, redirect_uris}`. A redirect URI is absolute with
 * no fragment; `http://` only to the loopback address (RFC 8252's native apps), any other
 * scheme (`https`, an app's own) as given.
 */
export function parseClients(value: string | undefined): OAuthClient[] {
  if (value === undefined) return [];
  const fail = (why: string): never => {
    throw new ConfigError(`Invalid configuration: OAUTH_CLIENTS ${why}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    fail('must be a JSON list of {"client_id": ..., "redirect_uris": [...]}');
  }
  if (!Array.isArray(parsed))
    fail('must be a JSON list of {"client_id": ..., "redirect_uris": [...]}');
  const seen = new Set([SWAGGER_UI_CLIENT]);
  return (parsed as unknown[]).map((entry, index) => {
    const { client_id: clientId, redirect_uris: uris } = (entry ?? {}) as Record<string, unknown>;
    if (typeof clientId !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(clientId)) {
      fail(`entry ${index + 1}: client_id must be 1 to 255 visible ASCII characters`);
    }
    if (seen.has(clientId as string))
      fail(`entry ${index + 1}: client_id ${JSON.stringify(clientId)} is taken`);
    seen.add(clientId as string);
    if (!Array.isArray(uris) || uris.length === 0)
      fail(`entry ${index + 1}: redirect_uris must be a non-empty list`);
    for (const uri of uris as unknown[]) {
      if (!isRedirectUri(uri)) {
        fail(
          `entry ${index + 1}: ${JSON.stringify(uri)} is not a redirect URI (absolute, no fragment, http:// only to the loopback address)`,
        );
      }
    }
    return { clientId: clientId as string, redirectUris: uris as string[] };
  });
}

function isRedirectUri(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#')) return false;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname);
  return url.protocol !== 'javascript:' && url.protocol !== 'data:';
}

/** `8h`, `30m`, `3600s`, `1d`: from a minute to 30 days. */
export function parseTtl(value: string): number {
  const match = /^(\d+)\s*([smhd])$/.exec(value.trim().toLowerCase());
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2]] : NaN;
  if (!(ms >= TTL_MIN_MS && ms <= TTL_MAX_MS)) {
    throw new ConfigError(
      `Invalid configuration: OAUTH_TOKEN_TTL must be a duration from 1m to 30d such as 8h, 30m or 1d (got ${JSON.stringify(value)})`,
    );
  }
  return ms;
}

/** `settings` is null when sign-in is off. */
export const signInConfig = registerAs('signIn', () => ({
  settings: readSignInConfig(process.env),
}));

export type SignInConfig = ConfigType<typeof signInConfig>;
