import { existsSync } from 'node:fs';

/**
 * Loads `.env` from the working directory, if there is one, into process.env before any
 * other module is evaluated: the entity definitions read DATABASE_URL when they load.
 * Variables already set in the environment win over the file.
 */
export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
