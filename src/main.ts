import { loadEnvFile } from './config/load-env-file';
loadEnvFile();

import cluster from 'node:cluster';
import { ConfigError } from './config/environment';
import { parseEnvironment } from './settings';

/**
 * One process serving HTTP, or with `WEB_CONCURRENCY` above 1 a primary that only watches
 * its workers (and never loads the application itself).
 */
async function main(): Promise<void> {
  const config = parseEnvironment(process.env);
  if (config.database.kind === 'sqlite') {
    const { assertSqliteDriverLoads } = await import('./database/sqlite-driver.js');
    assertSqliteDriverLoads();
  }
  if (config.workers > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./cluster/primary.js');
    runPrimary(config);
    return;
  }
  const { serve } = await import('./server.js');
  await serve();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The service could not start:', error);
  }
  process.exit(1);
});
