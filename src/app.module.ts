import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { BearerAuthGuard } from './auth/bearer-auth.guard';
import { TokenScopeGuard } from './auth/token-scope.guard';
import { CommonModule } from './common/common.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { JsonBodyGuard } from './common/http/json-body.guard';
import { RequestValidationPipe } from './common/pipes/request-validation.pipe';
import { serverConfig } from './config/server.config';
import { DatabaseModule } from './database/database.module';
import { DocsModule } from './docs/docs.module';
import { FoldersModule } from './folders/folders.module';
import { GroupsModule } from './groups/groups.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SearchModule } from './search/search.module';
import { UsersModule } from './users/users.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The modules both the HTTP server and the CLI need: configuration, database, common. Only the
 * HTTP server's own settings are global; each module registers its own with `forFeature`.
 */
export const coreImports = [
  ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [serverConfig] }),
  CommonModule,
  MetricsModule,
  DatabaseModule,
];

@Module({
  imports: [
    ...coreImports,
    RateLimitModule,
    UsersModule,
    AuthModule,
    FoldersModule,
    GroupsModule,
    DocsModule,
    SearchModule,
    WebhooksModule,
    HealthModule,
    SignInModule,
  ],
  providers: [
    // Guards run in this order: who is calling, whether they are over their limit, whether
    // their token's scope allows the request (so refused writes count against the limit too),
    // and only then the body is read.
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: TokenScopeGuard },
    { provide: APP_GUARD, useClass: JsonBodyGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_PIPE, useClass: RequestValidationPipe },
  ],
})
export class AppModule {}
