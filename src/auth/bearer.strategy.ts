import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { UserProfile } from '../users/user-profile';
import { ApiTokensService } from './api-tokens.service';
import { TokenAuthInfo } from './token-auth-info';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: ApiTokensService) {
    super();
  }

  /**
   * passport-http-bearer also reads `access_token` from the query and the body, and refuses a
   * request that has one there besides the header. Tokens come from the header only, so an
   * `access_token` field is just data (ignored like any unknown field): the strategy is shown
   * the headers alone (all it reads of a request besides the query and the body).
   */
  override authenticate(request: Request, options?: object): void {
    super.authenticate({ headers: request.headers } as Request, options);
  }

  /** The user becomes `request.user`; the token's scopes `request.authInfo` (passport's info). */
  async validate(token: string): Promise<[UserProfile, TokenAuthInfo]> {
    const { user, scopes, role, token: used } = await this.tokens.authenticate(token);
    return [user, { scopes, role, token: used }];
  }
}
