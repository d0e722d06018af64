import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';
import { BearerStrategy } from './bearer.strategy';
import { ApiToken } from './entities/api-token.entity';
import { MeController } from './me.controller';

@Module({
  imports: [UsersModule, PassportModule, TypeOrmModule.forFeature([ApiToken])],
  controllers: [MeController],
  providers: [ApiTokensService, ApiTokensRepository, BearerStrategy],
  exports: [ApiTokensService],
})
export class AuthModule {}
