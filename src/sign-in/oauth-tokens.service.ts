import { Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiTokensService } from '../auth/api-tokens.service';
import { decodeScopes } from '../auth/token-scopes';
import { Clock } from '../common/clock';
import { OAuthTokenError } from '../common/errors/oauth-errors';
import { TransactionRunner } from '../database/transaction-runner';
import { UsersService } from '../users/users.service';
import { signInConfig, SignInConfig, SignInSettings } from './sign-in.config';
import { SignInOff } from './sign-in.errors';
import { SignInRepository } from './sign-in.repository';
import { sha256 } from './sign-in.service';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export interface TokenGrant {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** A second use of a code, found inside the transaction that would have used it. */
class CodeReused extends Error {}

/**
 * `/oauth/token` and `/oauth/revoke`: a code becomes one of the service's own tokens (source
 * `sign-in`) once, for the client and redirect URI it was given to, with the verifier of its
 * challenge; a second use revokes that token.
 */
@Injectable()
export class OAuthTokensService {
  private readonly settings: SignInSettings | null;

  constructor(
    private readonly rows: SignInRepository,
    private readonly tokens: ApiTokensService,
    private readonly users: UsersService,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
    @Inject(signInConfig.KEY) config: SignInConfig,
  ) {
    this.settings = config.settings;
  }

  async exchange(form: Record<string, unknown>): Promise<TokenGrant> {
    const settings = this.enabled();
    const field = (name: string) => {
      const value = form[name];
      if (typeof value !== 'string' || value === '') {
        throw new OAuthTokenError('invalid_request', `${name} is required, once`);
      }
      return value;
    };
    if (form.grant_type !== 'authorization_code') {
      throw new OAuthTokenError('unsupported_grant_type', 'grant_type must be authorization_code');
    }
    const code = field('code');
    const redirectUri = field('redirect_uri');
    const clientId = field('client_id');
    const verifier = field('code_verifier');
    if (!settings.clients.some((client) => client.clientId === clientId)) {
      throw new OAuthTokenError('invalid_client', `unknown client_id ${JSON.stringify(clientId)}`);
    }
    if (!CODE_VERIFIER.test(verifier)) {
      throw new OAuthTokenError(
        'invalid_request',
        'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
      );
    }
    const codeHash = sha256(code);
    const found = await this.rows.findCode(codeHash);
    if (!found) throw new OAuthTokenError('invalid_grant', 'code is unknown or expired');
    if (found.usedAt !== null) return this.reused(codeHash);
    if (found.expiresAt <= this.clock.now()) {
      throw new OAuthTokenError(
        'invalid_grant',
        'code has expired (codes live 60 s): sign in again',
      );
    }
    if (found.clientId !== clientId || found.redirectUri !== redirectUri) {
      throw new OAuthTokenError(
        'invalid_grant',
        'code was given to another client or redirect_uri',
      );
    }
    if (!sameText(s256(verifier), found.codeChallenge)) {
      throw new OAuthTokenError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const user = await this.users.getById(found.userId);
    if (!user.active) throw new OAuthTokenError('invalid_grant', 'the user has been deactivated');
    const scopes = decodeScopes(found.scope);
    try {
      const issued = await this.transactions.run(async (manager) => {
        if (!(await this.rows.markCodeUsed(manager, codeHash, this.clock.now()))) {
          throw new CodeReused();
        }
        const made = await this.tokens.issueForSignIn(manager, {
          userId: user.id,
          name: `sign-in (${clientId})`,
          scopes,
          lifetimeMs: settings.tokenTtlMs,
        });
        await this.rows.setCodeToken(manager, codeHash, made.id);
        return made;
      });
      return {
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: Math.round(settings.tokenTtlMs / 1000),
        scope: scopes.join(' '),
      };
    } catch (error) {
      if (error instanceof CodeReused) return this.reused(codeHash);
      throw error;
    }
  }

  /**
   * RFC 7009: the token stops working at once if it is one; the answer is the same whatever was
   * sent (nothing, a list, an unknown token).
   */
  async revoke(form: Record<string, unknown>): Promise<void> {
    this.enabled();
    if (typeof form.token === 'string') await this.tokens.revokeIfKnown(form.token.trim());
  }

  /** A code used a second time: the token of its first use is revoked (RFC 6749 §4.1.2). */
  private async reused(codeHash: string): Promise<never> {
    const found = await this.rows.findCode(codeHash);
    if (found?.tokenId) await this.tokens.revokeById(found.tokenId);
    throw new OAuthTokenError(
      'invalid_grant',
      'code was already used: the token issued for it is revoked; sign in again',
    );
  }

  /** The settings, or 404 when sign-in is off. */
  enabled(): SignInSettings {
    if (!this.settings) throw new SignInOff();
    return this.settings;
  }
}

const s256 = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
