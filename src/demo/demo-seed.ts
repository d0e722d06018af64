import { INestApplicationContext, Logger } from '@nestjs/common';
import { ApiTokensService } from '../auth/api-tokens.service';
import { AppConfigValues } from '../config/app.config';
import { UsersService } from '../users/users.service';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * On the first start with the embedded database and no users at all, makes a demo user and
 * prints a token for it once, so Swagger UI can be tried straight away.
 */
export async function seedDemoUser(app: INestApplicationContext, config: AppConfigValues) {
  if (!config.seedDemoUser || config.database.kind !== 'sqlite') return;
  const users = app.get(UsersService);
  if (!(await users.hasNoUsers())) return;
  await users.create({ email: DEMO_EMAIL, fname: 'Demo', lname: 'User' });
  const { token } = await app.get(ApiTokensService).issue({ email: DEMO_EMAIL, name: 'demo' });
  new Logger('DemoSeed').log(
    `Empty database: created user ${DEMO_EMAIL} with the API token ${token} ` +
      '(shown only now; set SEED_DEMO_USER=false to skip this)',
  );
}
