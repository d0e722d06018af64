import { Module } from '@nestjs/common';
import { coreImports } from '../app.module';
import { AuthModule } from '../auth/auth.module';
import { DocsModule } from '../docs/docs.module';
import { GroupsModule } from '../groups/groups.module';
import { SearchModule } from '../search/search.module';
import { UsersModule } from '../users/users.module';

/** What the command line needs: the same configuration, database and services as the server. */
@Module({
  imports: [...coreImports, UsersModule, AuthModule, DocsModule, GroupsModule, SearchModule],
})
export class CliModule {}
