import { loadEnvFile } from './config/load-env-file';
loadEnvFile();

import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { appConfig, AppConfigValues } from './config/app.config';
import { ConfigError, parseEnvironment } from './config/environment';
import { seedDemoUser } from './demo/demo-seed';

async function bootstrap(): Promise<void> {
  const { logLevel } = parseEnvironment(process.env);
  const app = await createApp(logLevel);
  const config = app.get<AppConfigValues>(appConfig.KEY);
  await seedDemoUser(app, config);
  await app.listen(config.port, config.host);
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const base = `http://${shownHost}:${config.port}`;
  const database =
    config.database.kind === 'sqlite'
      ? `SQLite file ${config.database.path}`
      : `MySQL database ${config.database.database}`;
  new Logger('Bootstrap').log(`Serving ${base}/api/v1 on ${database}; Swagger UI at ${base}/api`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The service could not start:', error);
  }
  process.exit(1);
});
