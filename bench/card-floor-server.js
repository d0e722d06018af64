#!/usr/bin/env node
// The design card's floor for `npm run bench -- --floor`: the reference's endpoints (the same
// statements, business rules and mappers, from reference-server.js) served through the least
// of the card's stack: Nest on Express, one global Passport bearer guard (@nestjs/passport,
// passport-http-bearer), the ValidationPipe with class-validator DTOs, ParseUUIDPipe. No
// logging, rate limits, security headers, deadline or shutdown tracking; V8's default flags.
// Service / floor is then the price of what the service adds to the card; floor / reference
// the price of the card itself. Like the reference, it does not store Idempotency-Keys.
//
//   DATABASE_URL=mysql://root@127.0.0.1:3306/dms node bench/card-floor-server.js
//
// Environment: DATABASE_URL (a database the service has migrated), HOST (127.0.0.1), PORT
// (3200), DB_POOL_SIZE (10).
'use strict';

require('reflect-metadata');
const { NestFactory, APP_GUARD } = require('@nestjs/core');
const nest = require('@nestjs/common');
const { PassportModule, PassportStrategy, AuthGuard } = require('@nestjs/passport');
const { Strategy } = require('passport-http-bearer');
const { IsOptional, IsString } = require('class-validator');
const { createPool, createEndpoints } = require('./reference-server');

const pool = createPool();
const endpoints = createEndpoints(pool);

/** Applies decorators as TypeScript would, for plain JavaScript. */
function decorateMethod(prototype, name, decorators, parameterTypes) {
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  const decorated = Reflect.decorate(decorators, prototype, name, descriptor);
  Object.defineProperty(prototype, name, decorated ?? descriptor);
  Reflect.defineMetadata('design:paramtypes', parameterTypes, prototype, name);
}

function optionalStrings(dto, ...names) {
  for (const name of names) {
    IsOptional()(dto.prototype, name);
    IsString()(dto.prototype, name);
  }
}

class CreateDocBody {}
IsString()(CreateDocBody.prototype, 'title');
optionalStrings(CreateDocBody, 'html', 'path');
class UpdateDocBody {}
optionalStrings(UpdateDocBody, 'title', 'html');

class BearerStrategy extends PassportStrategy(Strategy) {
  validate(token) {
    return endpoints.authenticate({ headers: { authorization: `Bearer ${token}` } });
  }
}
nest.Injectable()(BearerStrategy);

class BearerGuard extends AuthGuard('bearer') {}
nest.Injectable()(BearerGuard);

class DocsController {
  list(request, query) {
    return endpoints.list(request.user, new URLSearchParams(query));
  }

  async get(request, uuid, response) {
    const doc = await endpoints.get(request.user, uuid);
    response.setHeader('ETag', `"${doc.version}"`);
    return doc;
  }

  async create(request, body, response) {
    endpoints.requireWrite(request.user);
    const uuid = await endpoints.create(request.user, body);
    response.setHeader('Location', `/api/v1/docs/${uuid}`);
    return { uuid };
  }

  async update(request, uuid, body, response) {
    endpoints.requireWrite(request.user);
    const version = await endpoints.update(request.user, uuid, body);
    response.setHeader('ETag', `"${version}"`);
  }

  remove(request, uuid) {
    endpoints.requireWrite(request.user);
    return endpoints.remove(request.user, uuid);
  }

  revisions(request, uuid, query) {
    return endpoints.listRevisions(request.user, uuid, new URLSearchParams(query));
  }

  async restoreRevision(request, uuid, version, response) {
    endpoints.requireWrite(request.user);
    const doc = await endpoints.restoreRevision(request.user, uuid, version);
    response.setHeader('ETag', `"${doc.version}"`);
    return doc;
  }
}
const docs = DocsController.prototype;
const uuidParam = (index, name) => nest.Param('uuid', nest.ParseUUIDPipe)(docs, name, index);
const passthrough = { passthrough: true };
decorateMethod(docs, 'list', [nest.Get()], [Object, Object]);
nest.Req()(docs, 'list', 0);
nest.Query()(docs, 'list', 1);
decorateMethod(docs, 'get', [nest.Get(':uuid')], [Object, String, Object]);
nest.Req()(docs, 'get', 0);
uuidParam(1, 'get');
nest.Res(passthrough)(docs, 'get', 2);
decorateMethod(docs, 'create', [nest.Post()], [Object, CreateDocBody, Object]);
nest.Req()(docs, 'create', 0);
nest.Body()(docs, 'create', 1);
nest.Res(passthrough)(docs, 'create', 2);
decorateMethod(
  docs,
  'update',
  [nest.Put(':uuid'), nest.HttpCode(204)],
  [Object, String, UpdateDocBody, Object],
);
nest.Req()(docs, 'update', 0);
uuidParam(1, 'update');
nest.Body()(docs, 'update', 2);
nest.Res(passthrough)(docs, 'update', 3);
decorateMethod(docs, 'remove', [nest.Delete(':uuid'), nest.HttpCode(204)], [Object, String]);
nest.Req()(docs, 'remove', 0);
uuidParam(1, 'remove');
decorateMethod(docs, 'revisions', [nest.Get(':uuid/revisions')], [Object, String, Object]);
nest.Req()(docs, 'revisions', 0);
uuidParam(1, 'revisions');
nest.Query()(docs, 'revisions', 2);
decorateMethod(
  docs,
  'restoreRevision',
  [nest.Post(':uuid/revisions/:version/restore'), nest.HttpCode(200)],
  [Object, String, Number, Object],
);
nest.Req()(docs, 'restoreRevision', 0);
uuidParam(1, 'restoreRevision');
nest.Param('version', nest.ParseIntPipe)(docs, 'restoreRevision', 2);
nest.Res(passthrough)(docs, 'restoreRevision', 3);
nest.Controller('api/v1/docs')(DocsController);

class TrashController {
  async restore(request, uuid, response) {
    endpoints.requireWrite(request.user);
    const doc = await endpoints.restoreFromTrash(request.user, uuid);
    response.setHeader('ETag', `"${doc.version}"`);
    return doc;
  }
}
const trash = TrashController.prototype;
decorateMethod(
  trash,
  'restore',
  [nest.Post(':uuid/restore'), nest.HttpCode(200)],
  [Object, String, Object],
);
nest.Req()(trash, 'restore', 0);
nest.Param('uuid', nest.ParseUUIDPipe)(trash, 'restore', 1);
nest.Res(passthrough)(trash, 'restore', 2);
nest.Controller('api/v1/trash')(TrashController);

/** `{"error": ...}` with the status of the reference's errors and of Nest's own. */
class ErrorFilter {
  catch(error, host) {
    const status = error.status ?? error.getStatus?.() ?? 500;
    host.switchToHttp().getResponse().status(status).json({ error: error.message });
  }
}
nest.Catch()(ErrorFilter);

class AppModule {}
nest.Module({
  imports: [PassportModule],
  controllers: [DocsController, TrashController],
  providers: [BearerStrategy, { provide: APP_GUARD, useClass: BearerGuard }],
})(AppModule);

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('card-floor-server: DATABASE_URL is required (a mysql:// URL)');
    process.exit(2);
  }
  const app = await NestFactory.create(AppModule, { logger: false });
  app.set('etag', false);
  app.disable('x-powered-by');
  // Unguarded, for the benchmark's readiness check.
  app.use('/health', (_request, response) => response.json({ status: 'ok', database: 'up' }));
  app.useGlobalPipes(new nest.ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }));
  app.useGlobalFilters(new ErrorFilter());
  await app.listen(Number(process.env.PORT || 3200), process.env.HOST || '127.0.0.1');
  const stop = () => app.close().then(() => pool.end(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
