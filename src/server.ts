import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import { createApp } from './app.factory';
import { WORKER_READY } from './cluster/primary';
import { appConfig, AppConfigValues } from './config/app.config';
import { DEMO_EMAIL, seedDemoUser } from './demo/demo-seed';

/**
 * Serves HTTP from this process until SIGTERM or SIGINT, then drains (GracefulShutdown) and
 * exits 0. Runs alone, or as one worker of the cluster primary (`WEB_CONCURRENCY` above 1).
 */
export async function serve(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfigValues>(appConfig.KEY);
  const demoTokenFile = await seedDemoUser(app, config);
  await app.listen(config.port, config.host);
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const base = `http://${shownHost}:${config.port}`;
  const database =
    config.database.kind === 'sqlite'
      ? `SQLite file ${config.database.path}`
      : `MySQL database ${config.database.database}`;
  const logger = new Logger('Bootstrap');
  if (demoTokenFile) {
    logger.log(
      `Empty database: created user ${DEMO_EMAIL}; its API token is in ${demoTokenFile} ` +
        '(paste it into Authorize in Swagger UI; SEED_DEMO_USER=false skips this)',
    );
  }
  if (cluster.isWorker) {
    // The primary logs that this worker is ready, and "Serving ..." once every worker is.
    process.send!(WORKER_READY);
  } else {
    // The last line: tests and scripts wait for it.
    logger.log(`Serving ${base}/api/v1 on ${database}; Swagger UI at ${base}/api`);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing in-flight requests, then stopping`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('stopping failed', error instanceof Error ? error.stack : String(error));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
