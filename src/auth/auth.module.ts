import { Module, OnModuleInit } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock';
import { ChangeEvents } from '../events/change-events';
import { EventsModule } from '../events/events.module';
import { UsersModule } from '../users/users.module';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';
import { BearerStrategy } from './bearer.strategy';
import { ApiToken } from './entities/api-token.entity';
import { MeController } from './me.controller';
import { OwnTokensService } from './own-tokens.service';
import { TokensController } from './tokens.controller';
import { tokensConfig } from './tokens.config';
import { UserTokensController } from './user-tokens.controller';

@Module({
  imports: [
    UsersModule,
    EventsModule,
    PassportModule,
    TypeOrmModule.forFeature([ApiToken]),
    ConfigModule.forFeature(tokensConfig),
  ],
  controllers: [MeController, TokensController, UserTokensController],
  providers: [ApiTokensService, ApiTokensRepository, BearerStrategy, OwnTokensService],
  exports: [ApiTokensService],
})
export class AuthModule implements OnModuleInit {
  constructor(
    private readonly changes: ChangeEvents,
    private readonly tokens: ApiTokensRepository,
    private readonly clock: Clock,
  ) {}

  /** A deactivated user's tokens are revoked in the transaction that deactivates them. */
  onModuleInit(): void {
    this.changes.listen('user.account_changed', async (manager, change) => {
      if (change.before.active && !change.after.active) {
        await this.tokens.revokeAllOfUser(manager, change.userId, this.clock.now());
      }
    });
  }
}
