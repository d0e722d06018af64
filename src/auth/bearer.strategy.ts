import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { UserProfile } from '../users/user-profile';
import { ApiTokensService } from './api-tokens.service';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: ApiTokensService) {
    super();
  }

  validate(token: string): Promise<UserProfile> {
    return this.tokens.authenticate(token);
  }
}
