import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { RedirectWithError } from '../common/errors/oauth-errors';
import { TOKEN_SCOPES, TokenScope } from '../common/token-scope-list';
import { orderedScopes } from '../auth/token-scopes';
import { IdentityProvider } from './identity-provider';
import { PeopleService } from './people.service';
import { signInConfig, SignInConfig, SignInSettings } from './sign-in.config';
import { BadOAuthRequest, SignInOff } from './sign-in.errors';
import { SignInRepository } from './sign-in.repository';

/** How long a sign-in may take between `/oauth/authorize` and the provider's callback. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;
/** How long a code given to a client may wait for `/oauth/token`. */
export const CODE_LIFETIME_MS = 60_000;
/** How long a used or expired code is kept, so that a second use revokes the first's token. */
export const CODE_KEPT_MS = 10 * 60_000;

/** What a sign-in token may do when the client asks for nothing in particular. */
export const DEFAULT_SIGN_IN_SCOPES: readonly TokenScope[] = [
  'docs:read',
  'docs:write',
  'tokens:write',
];

/** A PKCE challenge (S256): the base64url SHA-256 of a verifier, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
export const randomSecret = () => randomBytes(32).toString('base64url');

export type AuthorizeQuery = Record<string, unknown>;

/**
 * The browser's way through the service's `/oauth/authorize`: checked, sent to the identity
 * provider with a pending sign-in (in the database, bound to a cookie), and back at the
 * callback with a code for the client.
 */
@Injectable()
export class SignInService {
  private readonly settings: SignInSettings | null;

  constructor(
    private readonly provider: IdentityProvider,
    private readonly people: PeopleService,
    private readonly rows: SignInRepository,
    private readonly clock: Clock,
    @Inject(signInConfig.KEY) config: SignInConfig,
  ) {
    this.settings = config.settings;
  }

  /** The settings, or 404 when sign-in is off. */
  enabled(): SignInSettings {
    if (!this.settings) throw new SignInOff();
    return this.settings;
  }

  /**
   * Checks an authorization request and starts the sign-in: where to send the browser (the
   * provider) and the secret of its cookie. An unknown client or redirect URI is a 400; any
   * other mistake goes back to the client's redirect URI (RFC 6749 §4.1.2.1).
   */
  async authorize(query: AuthorizeQuery): Promise<{ location: string; cookie: string }> {
    const settings = this.enabled();
    const clientId = single(query, 'client_id');
    const client = settings.clients.find((known) => known.clientId === clientId);
    if (!client) throw new BadOAuthRequest(`unknown client_id ${JSON.stringify(clientId ?? '')}`);
    const redirectUri = single(query, 'redirect_uri');
    if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
      throw new BadOAuthRequest(
        `redirect_uri must be one registered for ${client.clientId}, exactly (got ${JSON.stringify(redirectUri ?? '')})`,
      );
    }
    const state = single(query, 'state') ?? null;
    const refuse = (error: string, description: string) =>
      new RedirectWithError(
        this.errorRedirect(redirectUri, error, description, state),
        description,
      );
    if (state !== null && state.length > 1024) {
      throw refuse('invalid_request', 'state must be at most 1024 characters');
    }
    const responseType = single(query, 'response_type');
    if (responseType !== 'code') {
      throw refuse('unsupported_response_type', 'response_type must be code');
    }
    const challenge = single(query, 'code_challenge');
    const method = single(query, 'code_challenge_method');
    if (challenge === undefined) {
      throw refuse('invalid_request', 'code_challenge is required (PKCE with S256)');
    }
    if (method !== 'S256') {
      throw refuse('invalid_request', 'code_challenge_method must be S256');
    }
    if (!S256_CHALLENGE.test(challenge)) {
      throw refuse('invalid_request', 'code_challenge must be 43 base64url characters (S256)');
    }
    const scope = single(query, 'scope');
    if (scope !== undefined && parseScope(scope) === undefined) {
      throw refuse('invalid_scope', `scope must be made of ${TOKEN_SCOPES.join(', ')}`);
    }
    const { request, url } = await this.provider.startSignIn();
    const cookie = randomSecret();
    const now = this.clock.now();
    await this.rows.addPendingSignIn(
      {
        idHash: sha256(cookie),
        clientId: client.clientId,
        redirectUri,
        clientState: state,
        codeChallenge: challenge,
        scope: scope ?? null,
        providerState: request.state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
      },
      now,
    );
    return { location: url.href, cookie };
  }

  /**
   * The provider's callback: the pending sign-in of this browser, the provider's answer checked,
   * the person resolved to a user; where to send the browser (the client, with a code).
   */
  async callback(query: AuthorizeQuery, search: string, cookie: string | undefined) {
    const settings = this.enabled();
    if (!cookie) {
      throw new BadOAuthRequest(
        'no sign-in is under way in this browser (its cookie is missing): start again from the application',
      );
    }
    const pending = await this.rows.takePendingSignIn(sha256(cookie));
    if (!pending || pending.expiresAt <= this.clock.now()) {
      throw new BadOAuthRequest(
        'this sign-in is unknown, already finished or older than 10 minutes: start again from the application',
      );
    }
    if (single(query, 'state') !== pending.providerState) {
      throw new BadOAuthRequest('state does not match this sign-in');
    }
    const providerError = single(query, 'error');
    if (providerError !== undefined) {
      const description = `the identity provider refused: ${providerError}${describeProviderError(query)}`;
      throw new RedirectWithError(
        this.errorRedirect(pending.redirectUri, 'access_denied', description, pending.clientState),
        description,
      );
    }
    const claims = await this.provider.finishSignIn(
      new URL(`${this.provider.callbackUrl}${search}`),
      { state: pending.providerState, nonce: pending.nonce, codeVerifier: pending.codeVerifier },
    );
    const user = await this.people.signIn(claims);
    const scopes = parseScope(pending.scope ?? '') ?? [];
    const granted = scopes.length > 0 ? scopes : [...DEFAULT_SIGN_IN_SCOPES];
    if (granted.includes('admin') && user.role !== 'admin') {
      const description = 'scope admin is for admins only';
      throw new RedirectWithError(
        this.errorRedirect(pending.redirectUri, 'invalid_scope', description, pending.clientState),
        description,
      );
    }
    const code = randomSecret();
    const now = this.clock.now();
    await this.rows.addCode(
      {
        codeHash: sha256(code),
        clientId: pending.clientId,
        redirectUri: pending.redirectUri,
        codeChallenge: pending.codeChallenge,
        userId: user.id,
        scope: granted.join(' '),
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        usedAt: null,
        tokenId: null,
      },
      new Date(now.getTime() - CODE_KEPT_MS),
    );
    return this.clientRedirect(pending.redirectUri, {
      code,
      ...(pending.clientState !== null ? { state: pending.clientState } : {}),
      iss: settings.publicUrl,
    });
  }

  /** Whether the cookie should be `Secure`: the service is reached over https. */
  get secureCookie(): boolean {
    return this.enabled().publicUrl.startsWith('https:');
  }

  private errorRedirect(
    redirectUri: string,
    error: string,
    description: string,
    state: string | null,
  ): string {
    return this.clientRedirect(redirectUri, {
      error,
      error_description: description,
      ...(state !== null ? { state } : {}),
      iss: this.enabled().publicUrl,
    });
  }

  private clientRedirect(redirectUri: string, parameters: Record<string, string>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    return url.href;
  }
}

/** A query parameter given once; a list (given twice) is refused as no value at all. */
function single(query: AuthorizeQuery, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/** Space-separated scopes, all known; undefined when one is not. */
export function parseScope(scope: string): TokenScope[] | undefined {
  const words = scope.split(' ').filter((word) => word !== '');
  if (!words.every((word) => (TOKEN_SCOPES as readonly string[]).includes(word))) return undefined;
  return orderedScopes(words as TokenScope[]);
}

function describeProviderError(query: AuthorizeQuery): string {
  const description = single(query, 'error_description');
  return description ? ` (${description.slice(0, 200)})` : '';
}
