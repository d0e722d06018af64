import { loadEnvFile } from './config/load-env-file';
loadEnvFile();

import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { ApiTokensService } from './auth/api-tokens.service';
import { CliModule } from './cli/cli.module';
import { DomainError } from './common/errors/domain-errors';
import { validateInput } from './common/validation/validate-input';
import { ConfigError, parseEnvironment } from './config/environment';
import { CreateUserDto } from './users/dto/create-user.dto';
import { toUserRecord } from './users/user.mapper';
import { UsersService } from './users/users.service';

/** Runs one command against the configured database and closes it again. */
async function withServices(work: (app: INestApplicationContext) => Promise<void>) {
  parseEnvironment(process.env);
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

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of days');
  return Number(value);
}

const program = new Command('cli')
  .description('Manage users and API tokens of the document service')
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
      process.stdout.write(`${JSON.stringify(toUserRecord(user), null, 2)}\n`);
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
  .action((options: { email: string; name: string; expiresInDays?: number }) =>
    withServices(async (app) => {
      const issued = await app.get(ApiTokensService).issue(options);
      const expiry = issued.expiresAt
        ? `expires ${issued.expiresAt.toISOString()}`
        : 'never expires';
      process.stdout.write(
        `Token "${issued.name}" for ${options.email.trim().toLowerCase()} (${expiry}). ` +
          'It is shown only now:\n' +
          `${issued.token}\n`,
      );
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

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof DomainError || error instanceof ConfigError;
  process.stderr.write(`error: ${known ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
