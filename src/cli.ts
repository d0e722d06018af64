import { loadEnvFile } from './config/load-env-file';
loadEnvFile();

import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { ApiTokensService } from './auth/api-tokens.service';
import { CliModule } from './cli/cli.module';
import { PurgeJob } from './docs/trash/purge-job';
import { SearchReindexer } from './search/search-reindex';
import { DomainError } from './common/errors/domain-errors';
import { validateInput } from './common/validation/validate-input';
import { ConfigError } from './config/environment';
import { assertSqliteDriverLoads } from './database/sqlite-driver';
import { parseEnvironment } from './settings';
import { TOKEN_SCOPES } from './common/decorators/required-scope.decorator';
import { toTokenRecord } from './auth/token.mapper';
import { CreateUserDto } from './users/dto/create-user.dto';
import { AddGroupMemberDto } from './groups/dto/add-group-member.dto';
import { CreateGroupDto } from './groups/dto/create-group.dto';
import { GroupsService } from './groups/groups.service';
import { toUserAccount } from './users/user.mapper';
import { UsersService } from './users/users.service';
import { isUserRole, USER_ROLES, UserRole } from './users/user-role';

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

/** `--scope` may be given more than once; each value may also list scopes with commas. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of days');
  return Number(value);
}

/** `--role`: checked before the database is opened. */
function userRole(value: string): UserRole {
  if (!isUserRole(value)) throw new InvalidArgumentError(`must be ${USER_ROLES.join(' or ')}`);
  return value;
}

const program = new Command('cli')
  .description(
    'Manage users, API tokens, groups, the trash and the search index of the document service',
  )
  .showHelpAfterError();

const users = program.command('users').description('manage users');
users
  .command('create')
  .description('create a user and print it as JSON')
  .requiredOption('--email <email>', 'e-mail address (unique)')
  .requiredOption('--fname <name>', 'first name')
  .requiredOption('--lname <name>', 'last name')
  .option('--avatar-url <url>', 'avatar image URL (default: a Gravatar identicon)')
  .action((options: { email: string; fname: string; lname: string; avatarUrl?: string }) =>
    withServices(async (app) => {
      const input = validateInput(CreateUserDto, {
        email: options.email,
        fname: options.fname,
        lname: options.lname,
        avatar_url: options.avatarUrl,
      });
      const user = await app.get(UsersService).create(input);
      printJson(toUserAccount(user));
    }),
  );
users
  .command('list')
  .description('print every user as a JSON array, ordered by id (to find whom to share with)')
  .action(() =>
    withServices(async (app) => {
      const all = await app.get(UsersService).list();
      printJson(all.map(toUserAccount));
    }),
  );

users
  .command('set-role')
  .description('make a user a member or an admin (admins may use the admin routes) and print it')
  .requiredOption('--email <email>', 'e-mail address of the user')
  .requiredOption('--role <role>', `${USER_ROLES.join(' or ')}`, userRole)
  .action((options: { email: string; role: UserRole }) =>
    withServices(async (app) => {
      printJson(toUserAccount(await app.get(UsersService).setRole(options.email, options.role)));
    }),
  );

const tokens = program.command('tokens').description('manage API tokens');
tokens
  .command('create')
  .description('create an API token for a user; the token is the last line of the output')
  .requiredOption('--email <email>', 'e-mail address of the user')
  .option('--name <name>', 'a name to recognise the token by', 'default')
  .option(
    '--expires-in-days <days>',
    'days until the token expires (default: never)',
    positiveInteger,
  )
  .option(
    '--scope <scope>',
    `what the token may do: ${TOKEN_SCOPES.join(', ')} (docs:write includes docs:read; ` +
      'admin only for an admin); repeat the option or separate with commas ' +
      '(default: docs:read and docs:write)',
    collect,
  )
  .action((options: { email: string; name: string; expiresInDays?: number; scope?: string[] }) =>
    withServices(async (app) => {
      const issued = await app.get(ApiTokensService).issue({
        email: options.email,
        name: options.name,
        expiresInDays: options.expiresInDays,
        scopes: options.scope,
      });
      const expiry = issued.expiresAt
        ? `expires ${issued.expiresAt.toISOString()}`
        : 'never expires';
      process.stdout.write(
        `Token "${issued.name}" for ${options.email.trim().toLowerCase()} ` +
          `(${issued.scopes.join(', ')}; ${expiry}). ` +
          'It is shown only now:\n' +
          `${issued.token}\n`,
      );
    }),
  );
tokens
  .command('list')
  .description(
    "print a user's tokens as a JSON array: id, name, first 8 characters, scopes and times",
  )
  .requiredOption('--email <email>', 'e-mail address of the user')
  .action((options: { email: string }) =>
    withServices(async (app) => {
      const found = await app.get(ApiTokensService).listForUser(options.email);
      printJson(found.map(toTokenRecord));
    }),
  );
tokens
  .command('revoke')
  .description('revoke an API token at once')
  .requiredOption('--token <token>', 'the token to revoke')
  .action((options: { token: string }) =>
    withServices(async (app) => {
      await app.get(ApiTokensService).revoke(options.token);
      process.stdout.write('Token revoked.\n');
    }),
  );

const groups = program.command('groups').description('manage groups of users');
groups
  .command('create')
  .description('create a group with its first manager and print it as JSON')
  .requiredOption('--name <name>', 'the group name (unique, ignoring letter case)')
  .requiredOption('--manager <email>', 'e-mail address of its first manager')
  .option('--description <text>', 'what the group is for')
  .action((options: { name: string; manager: string; description?: string }) =>
    withServices(async (app) => {
      const input = validateInput(CreateGroupDto, {
        name: options.name,
        description: options.description,
      });
      printJson(await app.get(GroupsService).createWithManager(options.manager, input));
    }),
  );
groups
  .command('add')
  .description(
    'add a user to a group, or change their role there; prints the membership as JSON (no manager is asked)',
  )
  .requiredOption('--group <name>', 'the group name (any letter case)')
  .requiredOption('--email <email>', 'e-mail address of the user')
  .option('--role <role>', 'member or manager', 'member')
  .action((options: { group: string; email: string; role: string }) =>
    withServices(async (app) => {
      const input = validateInput(AddGroupMemberDto, { email: options.email, role: options.role });
      const { member } = await app.get(GroupsService).addMemberByName(options.group, input);
      printJson(member);
    }),
  );

const trash = program.command('trash').description('the documents users deleted');
trash
  .command('purge')
  .description(
    'run the purge job once: delete documents trashed more than TRASH_RETENTION_DAYS ago and versions beyond REVISIONS_KEEP; prints what it did as JSON',
  )
  .action(() =>
    withServices(async (app) => {
      const outcome = await app.get(PurgeJob).run();
      printJson(
        outcome.ran
          ? outcome
          : { ...outcome, note: 'another instance is running the purge job; nothing done' },
      );
    }),
  );

program
  .command('search')
  .description('the search index of the documents')
  .command('reindex')
  .description(
    'write every document’s search terms and postings again, a short transaction per document (the service keeps serving and writing); prints how many as JSON',
  )
  .action(() =>
    withServices(async (app) => {
      const reindexed = await app
        .get(SearchReindexer)
        .run((written) => process.stderr.write(`${written} documents…\n`));
      printJson({ reindexed });
    }),
  );

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof DomainError || error instanceof ConfigError;
  process.stderr.write(`error: ${known ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
