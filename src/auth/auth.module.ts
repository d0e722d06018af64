import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';
import { BearerStrategy } from './bearer.strategy';
import { ApiToken } from './entities/api-token.entity';
import { MeController } from './me.controller';
import { OwnTokensService } from './own-tokens.service';
import { TokensController } from './tokens.controller';
import { tokensConfig } from './tokens.config';

@Module({
  imports: [
    UsersModule,
    PassportModule,
    TypeOrmModule.forFeature([ApiToken]),
    ConfigModule.forFeature(tokensConfig),
  ],
  controllers: [MeController, TokensController],
  providers: [ApiTokensService, ApiTokensRepository, BearerStrategy, OwnTokensService],
  exports: [ApiTokensService],
})
export class AuthModule {}
