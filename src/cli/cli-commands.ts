import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiTokensService } from '../auth/api-tokens.service';
import type { TokenRequest } from '../auth/token-request';
import { toTokenRecord } from '../auth/token.mapper';
import { assertSqliteDriverLoads } from '../database/sqlite-driver';
import { PurgeJob } from '../docs/trash/purge-job';
import type { GroupMemberInput, NewGroupInput } from '../groups/dto/new-group.input';
import { GroupsService } from '../groups/groups.service';
import { SearchReindexer } from '../search/search-reindex';
import { parseEnvironment } from '../settings';
import type { NewUserInput } from '../users/dto/new-user.input';
import type { ImportedUser } from '../users/user-import';
import type { UserRole } from '../users/user-role';
import { toUserAccount } from '../users/user.mapper';
import { UsersService } from '../users/users.service';
import { CliModule } from './cli.module';

/*
 * What each CLI command does once its arguments are checked: loaded only then, since loading
 * Nest and the modules takes most of a command's time (`src/cli.ts` checks the arguments).
 */

/** Runs one command against the configured database and closes it again. */
async function withServices(work: (app: INestApplicationContext) => Promise<void>) {
  if (parseEnvironment(process.env).database.kind === 'sqlite') assertSqliteDriverLoads();
  const app = await NestFactory.createApplicationContext(CliModule, {
    logger: ['error'],
    abortOnError: false,
  });
  try {
    await work(app);
  } finally {
    await app.close();
  }
}

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export const createUser = (input: NewUserInput) =>
  withServices(async (app) => printJson(toUserAccount(await app.get(UsersService).create(input))));

export const listUsers = () =>
  withServices(async (app) => printJson((await app.get(UsersService).list()).map(toUserAccount)));

export const setRole = (email: string, role: UserRole) =>
  withServices(async (app) =>
    printJson(toUserAccount(await app.get(UsersService).setRole(email, role))),
  );

export const importUsers = (users: ImportedUser[]) =>
  withServices(async (app) => printJson(await app.get(UsersService).importUsers(users)));

export const createToken = (email: string, request: TokenRequest) =>
  withServices(async (app) => {
    const issued = await app.get(ApiTokensService).issue({ email, ...request });
    const expiry = issued.expiresAt ? `expires ${issued.expiresAt.toISOString()}` : 'never expires';
    process.stdout.write(
      `Token "${issued.name}" for ${email.trim().toLowerCase()} ` +
        `(${issued.scopes.join(', ')}; ${expiry}). ` +
        'It is shown only now:\n' +
        `${issued.token}\n`,
    );
  });

export const listTokens = (email: string) =>
  withServices(async (app) =>
    printJson((await app.get(ApiTokensService).listForUser(email)).map(toTokenRecord)),
  );

export const revokeToken = (token: string) =>
  withServices(async (app) => {
    await app.get(ApiTokensService).revoke(token);
    process.stdout.write('Token revoked.\n');
  });

export const createGroup = (manager: string, input: NewGroupInput) =>
  withServices(async (app) =>
    printJson(await app.get(GroupsService).createWithManager(manager, input)),
  );

export const addGroupMember = (group: string, input: GroupMemberInput) =>
  withServices(async (app) => {
    const { member } = await app.get(GroupsService).addMemberByName(group, input);
    printJson(member);
  });

export const purgeTrash = () =>
  withServices(async (app) => {
    const outcome = await app.get(PurgeJob).run();
    printJson(
      outcome.ran
        ? outcome
        : { ...outcome, note: 'another instance is running the purge job; nothing done' },
    );
  });

export const reindexSearch = () =>
  withServices(async (app) => {
    const reindexed = await app
      .get(SearchReindexer)
      .run((written) => process.stderr.write(`${written} documents…\n`));
    printJson({ reindexed });
  });
