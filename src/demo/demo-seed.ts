import { INestApplicationContext } from '@nestjs/common';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ApiTokensService } from '../auth/api-tokens.service';
import { DatabaseConnection } from '../database/database.config';
import { UsersService } from '../users/users.service';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * On the first start with the embedded database and no users at all, makes a demo user and
 * writes a token for it into `demo-token.txt` beside the database file (readable by its owner
 * only; tokens never go to the logs), so Swagger UI can be tried straight away. Returns that
 * file's path.
 */
export async function seedDemoUser(
  app: INestApplicationContext,
  database: DatabaseConnection,
): Promise<string | undefined> {
  if (database.kind !== 'sqlite') return undefined;
  const users = app.get(UsersService);
  if (!(await users.hasNoUsers())) return undefined;
  await users.create({ email: DEMO_EMAIL, fname: 'Demo', lname: 'User' });
  const { token } = await app.get(ApiTokensService).issue({ email: DEMO_EMAIL, name: 'demo' });
  const file = join(dirname(database.path), 'demo-token.txt');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return file;
}
