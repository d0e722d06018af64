import { INestApplicationContext } from '@nestjs/common';
import { ApiTokensService } from '../auth/api-tokens.service';
import { AppConfigValues } from '../config/app.config';
import { UsersService } from '../users/users.service';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * On the first start with the embedded database and no users at all, makes a demo user and
 * returns a token for it (to be printed once), so Swagger UI can be tried straight away.
 */
export async function seedDemoUser(
  app: INestApplicationContext,
  config: AppConfigValues,
): Promise<string | undefined> {
  if (!config.seedDemoUser || config.database.kind !== 'sqlite') return undefined;
  const users = app.get(UsersService);
  if (!(await users.hasNoUsers())) return undefined;
  await users.create({ email: DEMO_EMAIL, fname: 'Demo', lname: 'User' });
  const { token } = await app.get(ApiTokensService).issue({ email: DEMO_EMAIL, name: 'demo' });
  return token;
}
