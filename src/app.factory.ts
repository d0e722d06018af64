import { LogLevel as NestLogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { routeNotFound } from './common/http/route-not-found';
import { LOG_LEVELS, LogLevel } from './config/environment';
import { setUpSwagger } from './swagger';

export const API_PREFIX = 'api/v1';
/** Largest accepted request body: 5 MiB. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export function nestLogLevels(level: LogLevel): NestLogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

/** Builds and initialises the HTTP application as served: prefix, JSON body parsing, Swagger. */
export async function createApp(logLevel: LogLevel = 'log'): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: nestLogLevels(logLevel),
  });
  app.useBodyParser('json', {
    limit: BODY_LIMIT_BYTES,
    strict: false,
    type: ['application/json', 'application/*+json'],
  });
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health'] });
  app.enableShutdownHooks();
  await app.init();
  // After the API routes: Swagger UI's static files are served under /api, and mounted before
  // the routes they would stat the file system on every /api/v1 request.
  setUpSwagger(app);
  app.use(routeNotFound);
  return app;
}
