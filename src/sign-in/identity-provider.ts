import { Inject, Injectable, Logger } from '@nestjs/common';
import type * as OpenIdClient from 'openid-client';
import { InvalidInput, ServiceUnavailable } from '../common/errors/domain-errors';
import { signInConfig, SignInConfig, SignInSettings } from './sign-in.config';

/** What the provider says of a person, from the checked ID token and its userinfo endpoint. */
export interface ProviderClaims {
  /** The issuer, exactly as configured and as the ID token says. */
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  /** The values of OIDC_GROUPS_CLAIM; null when it is not set or the claim is absent. */
  groups: string[] | null;
}

/** What a sign-in sends the provider, kept until its callback. */
export interface ProviderRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** How long a failed discovery is remembered before the provider is asked again. */
const RETRY_DISCOVERY_MS = 5000;

/**
 * The service as the relying party of the configured OpenID Connect provider, through
 * `openid-client` (loaded when first needed: it is an ES module, and most runs never sign
 * anyone in). Discovery happens at the first sign-in and is kept; while the provider cannot be
 * reached, sign-in answers 503 and everything else works.
 */
@Injectable()
export class IdentityProvider {
  private readonly logger = new Logger(IdentityProvider.name);
  private readonly settings: SignInSettings | null;
  private discovered?: Promise<{ client: typeof OpenIdClient; config: OpenIdClient.Configuration }>;
  private failedAt = 0;

  constructor(@Inject(signInConfig.KEY) config: SignInConfig) {
    this.settings = config.settings;
  }

  /** Where the provider sends the browser back: built from PUBLIC_URL, never from `Host`. */
  get callbackUrl(): string {
    return `${this.required().publicUrl}/oauth/callback`;
  }

  /** A new state, nonce and PKCE verifier, and the provider's authorization URL with them. */
  async startSignIn(): Promise<{ request: ProviderRequest; url: URL }> {
    const { client, config } = await this.connect();
    const request = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl,
      scope: this.required().scopes,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { request, url };
  }

  /**
   * The provider's answer at the callback, checked (state, `iss`, PKCE, the ID token's issuer,
   * audience, expiry, nonce and signature) and turned into the person's claims.
   */
  async finishSignIn(callback: URL, request: ProviderRequest): Promise<ProviderClaims> {
    const { client, config } = await this.connect();
    let tokens: Awaited<ReturnType<typeof OpenIdClient.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw this.refusal(error);
    }
    const idToken = tokens.claims();
    if (!idToken) throw new InvalidInput('the identity provider sent no ID token');
    let info: OpenIdClient.UserInfoResponse;
    try {
      info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    } catch (error) {
      throw this.refusal(error);
    }
    const claims: Record<string, unknown> = { ...info, ...idToken };
    const text = (name: string) =>
      typeof claims[name] === 'string' && claims[name] !== '' ? claims[name] : null;
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: text('email'),
      emailVerified: claims.email_verified === true,
      givenName: text('given_name'),
      familyName: text('family_name'),
      name: text('name'),
      groups: this.groupsOf(claims),
    };
  }

  private groupsOf(claims: Record<string, unknown>): string[] | null {
    const name = this.settings?.groupsClaim;
    if (!name || !(name in claims)) return null;
    const value = claims[name];
    const values = Array.isArray(value) ? value : [value];
    return values.filter((group): group is string => typeof group === 'string' && group !== '');
  }

  private required(): SignInSettings {
    if (!this.settings) throw new Error('sign-in is not configured');
    return this.settings;
  }

  private connect() {
    const settings = this.required();
    if (this.discovered && this.failedAt > 0 && Date.now() - this.failedAt > RETRY_DISCOVERY_MS) {
      this.discovered = undefined;
    }
    this.discovered ??= this.discover(settings).catch((error: unknown) => {
      this.failedAt = Date.now();
      this.logger.warn(`identity provider discovery failed: ${describe(error)}`);
      throw new ServiceUnavailable(
        `sign-in is unavailable: the identity provider at ${settings.issuer} does not answer as expected (${describe(error)})`,
        Math.ceil(RETRY_DISCOVERY_MS / 1000),
      );
    });
    return this.discovered;
  }

  private async discover(settings: SignInSettings) {
    this.failedAt = 0;
    const client = await import('openid-client');
    const config = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      {
        execute: settings.allowHttp ? [client.allowInsecureRequests] : [],
        timeout: 10,
      },
    );
    client.enableNonRepudiationChecks(config);
    return { client, config };
  }

  /** A provider's answer that does not check out is the request's fault (400); no answer, 503. */
  private refusal(error: unknown): Error {
    if (isUnreachable(error)) {
      return new ServiceUnavailable(
        `sign-in is unavailable: the identity provider does not answer (${describe(error)})`,
      );
    }
    return new InvalidInput(`sign-in failed: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause: unknown = error.cause;
  const detail =
    cause instanceof Error
      ? `: ${cause.message}`
      : typeof cause === 'object' && cause !== null && 'error' in cause
        ? `: ${String(cause.error)}`
        : '';
  return `${error.message}${typeof code === 'string' ? ` [${code}]` : ''}${detail}`;
}

function isUnreachable(error: unknown): boolean {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const text = `${String(error)} ${cause instanceof Error ? cause.message : ''}`;
  return /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|fetch failed|TimeoutError|aborted/i.test(text);
}
