import { NestFactory } from '@nestjs/core';
import express from 'express';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import {
  answerClientErrorsWithJson,
  REQUEST_HEADERS_LIMIT_BYTES,
} from './common/http/client-errors';
import { GracefulShutdown } from './common/http/graceful-shutdown';
import { requestDeadline } from './common/http/request-deadline';
import { routeNotFound } from './common/http/route-not-found';
import { securityHeaders } from './common/http/security-headers';
import { createRootLogger, JsonLogger } from './common/logging/json-logger';
import { REQUEST_ID_HEADER, requestLogging } from './common/logging/request-logging.middleware';
import { LogLevel } from './config/server.config';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from './idempotency/idempotency-key';
import { AppConfig, parseEnvironment } from './settings';
import { setUpSwagger } from './swagger';

export const API_PREFIX = 'api/v1';

/**
 * Builds and initialises the HTTP application as served: JSON logs with request ids, security
 * headers, CORS when configured, prefix, Swagger (JSON bodies: JsonBodyGuard). Configuration comes from
 * the environment; `logLevel` overrides `LOG_LEVEL` (tests keep the output quiet).
 */
export async function createApp(logLevel?: LogLevel): Promise<NestExpressApplication> {
  const config = parseEnvironment(process.env);
  const logger = new JsonLogger(createRootLogger(logLevel ?? config.logLevel));
  // Routes match as written: `/API/V1/docs` is no route. Express's router takes this setting
  // when it is made, which Nest's adapter does at once: so the instance is made with it.
  const instance = express().set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule,
    new ExpressAdapter(instance),
    {
      bodyParser: false,
      logger,
    },
  );
  app.set('trust proxy', config.http.trustProxy);
  app.disable('x-powered-by');
  // No automatic weak ETag (a SHA-1 of every JSON body): routes that support conditional
  // requests set their own.
  app.set('etag', false);
  // First, so that a request's time counts everything that follows; with metrics on, each
  // request is also recorded there.
  app.use(requestLogging(logger.root, config.metrics ? httpMetrics(app.get(Metrics)) : undefined));
  const shutdown = app.get(GracefulShutdown);
  shutdown.trackConnections(app.getHttpServer());
  app.use(shutdown.trackRequests);
  app.use(requestDeadline(config.http.requestTimeoutMs));
  app.use(securityHeaders());
  if (config.http.corsOrigins.length > 0) enableCors(app, config.http.corsOrigins);
  // JSON bodies are read after authentication, by JsonBodyGuard.
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      ...['health', 'health/live', 'health/ready'],
      ...['oauth/authorize', 'oauth/callback', 'oauth/token', 'oauth/revoke'],
    ],
  });
  await app.init();
  // After the API routes: Swagger UI's static files are served under /api, and mounted before
  // the routes they would stat the file system on every /api/v1 request.
  setUpSwagger(app, config.signIn);
  app.use(routeNotFound);
  // A client that sends its request too slowly is cut off by Node itself (408, JSON body). The
  // headers timeout is above the keep-alive timeout, as balancers' guides ask; the request
  // timeout still bounds how long a request's headers may take.
  const server = app.getHttpServer();
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.headersTimeout = config.http.keepAliveTimeoutMs + 1000;
  // Read by Node for each connection it accepts (the option of `http.createServer`, which Nest
  // calls without options).
  Object.assign(server, { maxHeaderSize: REQUEST_HEADERS_LIMIT_BYTES });
  answerClientErrorsWithJson(server);
  return app;
}

function enableCors(app: NestExpressApplication, origins: AppConfig['http']['corsOrigins']) {
  app.enableCors({
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', REQUEST_ID_HEADER, IDEMPOTENCY_KEY_HEADER],
    exposedHeaders: [
      'Link',
      'Location',
      IDEMPOTENCY_REPLAYED_HEADER,
      REQUEST_ID_HEADER,
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'X-Total-Count',
    ],
    maxAge: 600,
  });
}
