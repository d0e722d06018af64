import { Module } from '@nestjs/common';
import { coreImports } from '../app.module';
import { AuthModule } from '../auth/auth.module';
import { DocsModule } from '../docs/docs.module';
import { GroupsModule } from '../groups/groups.module';
import { SearchModule } from '../search/search.module';
import { UsersModule } from '../users/users.module';
import { WebhookOutboxModule } from '../webhooks/webhook-outbox.module';

/**
 * What the command line needs: the same configuration, database and services as the server,
 * and the outbox, so a change made here (`groups add`) writes its webhook event.
 */
@Module({
  imports: [
    ...coreImports,
    UsersModule,
    AuthModule,
    DocsModule,
    GroupsModule,
    SearchModule,
    WebhookOutboxModule,
  ],
})
export class CliModule {}
