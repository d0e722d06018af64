import { loadEnvFile } from './config/load-env-file';
loadEnvFile();

import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { checkTokenRequest } from './auth/token-request';
import { looksLikeToken } from './auth/token-codec';
import { DomainError, InvalidInput } from './common/errors/domain-errors';
import { TOKEN_SCOPES } from './common/token-scope-list';
import { validateInput } from './common/validation/validate-input';
import { ConfigError } from './config/config-error';
import { GroupMemberInput, NewGroupInput } from './groups/dto/new-group.input';
import { NewUserInput, UserEmailInput } from './users/dto/new-user.input';
import { parseUserImport } from './users/user-import';
import { isUserRole, USER_ROLES, UserRole } from './users/user-role';

/*
 * Every argument is checked here, before Nest, the modules and the database are loaded
 * (`./cli/cli-commands`): a mistake is answered in a tenth of a second, and a command that
 * would fail never touches the database.
 */
const commands = () => import('./cli/cli-commands.js');

/** `--scope` may be given more than once; each value may also list scopes with commas. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of days');
  return Number(value);
}

function userRole(value: string): UserRole {
  if (!isUserRole(value)) throw new InvalidArgumentError(`must be ${USER_ROLES.join(' or ')}`);
  return value;
}

/** An e-mail address naming a user, as typed (the services normalise it). */
function email(value: string): string {
  return validateInput(UserEmailInput, { email: value }).email;
}

function readImportFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new InvalidInput(`cannot read ${path}: ${(error as Error).message}`);
  }
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
  .action(async (options: { email: string; fname: string; lname: string; avatarUrl?: string }) => {
    const input = validateInput(NewUserInput, {
      email: options.email,
      fname: options.fname,
      lname: options.lname,
      avatar_url: options.avatarUrl,
    });
    await (await commands()).createUser(input);
  });
users
  .command('list')
  .description('print every user as a JSON array, ordered by id (to find whom to share with)')
  .action(async () => (await commands()).listUsers());
users
  .command('set-role')
  .description('make a user a member or an admin (admins may use the admin routes) and print it')
  .requiredOption('--email <email>', 'e-mail address of the user')
  .requiredOption('--role <role>', `${USER_ROLES.join(' or ')}`, userRole)
  .action(async (options: { email: string; role: UserRole }) => {
    const user = email(options.email);
    await (await commands()).setRole(user, options.role);
  });
users
  .command('import')
  .description(
    'make the users of a file in one go and print how many were created and how many existed: ' +
      'CSV with a header (email,fname,lname and optionally role, avatar_url) or JSON Lines; ' +
      'a bad line is named by its number and nothing is written',
  )
  .requiredOption('--file <path>', 'the CSV or JSON Lines file')
  .action(async (options: { file: string }) => {
    const found = parseUserImport(readImportFile(options.file));
    await (await commands()).importUsers(found);
  });

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
  .action(
    async (options: { email: string; name: string; expiresInDays?: number; scope?: string[] }) => {
      const request = checkTokenRequest({
        name: options.name,
        expiresInDays: options.expiresInDays,
        scopes: options.scope,
      });
      const user = email(options.email);
      await (await commands()).createToken(user, request);
    },
  );
tokens
  .command('list')
  .description(
    "print a user's tokens as a JSON array: id, name, first 8 characters, scopes and times",
  )
  .requiredOption('--email <email>', 'e-mail address of the user')
  .action(async (options: { email: string }) => {
    const user = email(options.email);
    await (await commands()).listTokens(user);
  });
tokens
  .command('revoke')
  .description('revoke an API token at once')
  .requiredOption('--token <token>', 'the token to revoke')
  .action(async (options: { token: string }) => {
    const token = options.token.trim();
    if (!looksLikeToken(token)) {
      throw new InvalidInput('not a token of this service: tokens are dms_ and 43 characters');
    }
    await (await commands()).revokeToken(token);
  });

const groups = program.command('groups').description('manage groups of users');
groups
  .command('create')
  .description('create a group with its first manager and print it as JSON')
  .requiredOption('--name <name>', 'the group name (unique, ignoring letter case)')
  .requiredOption('--manager <email>', 'e-mail address of its first manager')
  .option('--description <text>', 'what the group is for')
  .action(async (options: { name: string; manager: string; description?: string }) => {
    const input = validateInput(NewGroupInput, {
      name: options.name,
      description: options.description,
    });
    const manager = email(options.manager);
    await (await commands()).createGroup(manager, input);
  });
groups
  .command('add')
  .description(
    'add a user to a group, or change their role there; prints the membership as JSON (no manager is asked)',
  )
  .requiredOption('--group <name>', 'the group name (any letter case)')
  .requiredOption('--email <email>', 'e-mail address of the user')
  .option('--role <role>', 'member or manager', 'member')
  .action(async (options: { group: string; email: string; role: string }) => {
    const input = validateInput(GroupMemberInput, { email: options.email, role: options.role });
    await (await commands()).addGroupMember(options.group, input);
  });

const trash = program.command('trash').description('the documents users deleted');
trash
  .command('purge')
  .description(
    'run the purge job once: delete documents trashed more than TRASH_RETENTION_DAYS ago and versions beyond REVISIONS_KEEP; prints what it did as JSON',
  )
  .action(async () => (await commands()).purgeTrash());

program
  .command('search')
  .description('the search index of the documents')
  .command('reindex')
  .description(
    'write every document’s search terms and postings again, a short transaction per document (the service keeps serving and writing); prints how many as JSON',
  )
  .action(async () => (await commands()).reindexSearch());

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof DomainError || error instanceof ConfigError;
  process.stderr.write(`error: ${known ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
