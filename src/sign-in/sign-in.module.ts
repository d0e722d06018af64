import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { AuthorizationCode } from './entities/authorization-code.entity';
import { PendingSignIn } from './entities/pending-sign-in.entity';
import { SignInIdentity } from './entities/sign-in-identity.entity';
import { IdentityProvider } from './identity-provider';
import { OAuthController } from './oauth.controller';
import { OAuthTokensService } from './oauth-tokens.service';
import { PeopleService } from './people.service';
import { signInConfig } from './sign-in.config';
import { SignInRepository } from './sign-in.repository';
import { SignInService } from './sign-in.service';

/**
 * Sign-in through the organisation's OpenID Connect provider, and the service's own OAuth 2
 * endpoints that give browsers and tools a token (`/oauth/*`).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SignInIdentity, PendingSignIn, AuthorizationCode]),
    ConfigModule.forFeature(signInConfig),
    UsersModule,
    AuthModule,
    GroupsModule,
  ],
  controllers: [OAuthController],
  providers: [IdentityProvider, SignInRepository, SignInService, PeopleService, OAuthTokensService],
})
export class SignInModule {}
