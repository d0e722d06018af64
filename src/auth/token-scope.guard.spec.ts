import {
  Controller,
  Delete,
  ExecutionContext,
  Get,
  Head,
  Options,
  Patch,
  Post,
  Put,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Public } from '../common/decorators/public.decorator';
import { RequiredScope, TokenScope } from '../common/decorators/required-scope.decorator';
import { Forbidden } from '../common/errors/domain-errors';
import { InsufficientScope, NotAnAdmin } from './auth.errors';
import { TokenScopeGuard } from './token-scope.guard';

@Controller('things')
class ThingsController {
  @Get() list() {}
  @Head() peek() {}
  @Post() create() {}
  @Put() replace() {}
  @Patch() change() {}
  @Delete() remove() {}
  @Options() options() {}
  @Post('search') @RequiredScope('docs:read') search() {}
  @Get('me') @RequiredScope('any') me() {}
  @Get('public') @Public() open() {}
  @Get('admin') @RequiredScope('admin') administer() {}
  @Delete('either') @RequiredScope(['tokens:write', 'admin']) revoke() {}
}

@Controller('reports')
@RequiredScope('docs:write')
class WriteOnlyController {
  @Get() list() {}
}

type Handler = keyof ThingsController | keyof WriteOnlyController;

function contextFor(
  controller: typeof ThingsController | typeof WriteOnlyController,
  handler: Handler,
  method: string,
  authInfo?: unknown,
): ExecutionContext {
  const request = { method, authInfo };
  return {
    getHandler: () => (controller.prototype as unknown as Record<string, unknown>)[handler],
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const guard = new TokenScopeGuard(new Reflector());
const scopes = (...held: TokenScope[]) => ({ scopes: held });

function refusal(run: () => unknown): InsufficientScope {
  try {
    run();
  } catch (error) {
    return error as InsufficientScope;
  }
  throw new Error('the request was let through');
}

describe('TokenScopeGuard', () => {
  it.each([
    ['list', 'GET'],
    ['peek', 'HEAD'],
  ] as const)('lets a read-only token %s (%s)', (handler, method) => {
    const context = contextFor(ThingsController, handler, method, scopes('docs:read'));
    expect(guard.canActivate(context)).toBe(true);
  });

  it.each([
    ['create', 'POST'],
    ['replace', 'PUT'],
    ['change', 'PATCH'],
    ['remove', 'DELETE'],
    ['options', 'OPTIONS'],
  ] as const)('needs docs:write for %s (%s), with no route saying so', (handler, method) => {
    const refused = refusal(() =>
      guard.canActivate(contextFor(ThingsController, handler, method, scopes('docs:read'))),
    );
    expect(refused).toBeInstanceOf(Forbidden);
    expect(refused.missingScope).toBe('docs:write');
    expect(refused.message).toBe(
      'insufficient scope: writing needs a token with docs:write; this token has docs:read',
    );
    const full = contextFor(ThingsController, handler, method, scopes('docs:read', 'docs:write'));
    expect(guard.canActivate(full)).toBe(true);
  });

  it('follows a route that declares its scope: a POST that only reads', () => {
    const context = contextFor(ThingsController, 'search', 'POST', scopes('docs:read'));
    expect(guard.canActivate(context)).toBe(true);
  });

  it('follows a controller that declares its scope, even for GET', () => {
    const refused = refusal(() =>
      guard.canActivate(contextFor(WriteOnlyController, 'list', 'GET', scopes('docs:read'))),
    );
    expect(refused.missingScope).toBe('docs:write');
  });

  it('fails closed: a request without recorded scopes may not even read', () => {
    for (const authInfo of [undefined, {}, { scopes: 'docs:read' }, scopes()]) {
      const refused = refusal(() =>
        guard.canActivate(contextFor(ThingsController, 'list', 'GET', authInfo)),
      );
      expect(refused.missingScope).toBe('docs:read');
      expect(refused.message).toBe(
        'insufficient scope: reading needs a token with docs:read; this token has no scope',
      );
    }
  });

  it('lets any authenticated token call a route that needs no scope, and fails closed without one', () => {
    for (const held of [scopes('tokens:write'), scopes(), scopes('docs:read', 'admin')]) {
      expect(guard.canActivate(contextFor(ThingsController, 'me', 'GET', held))).toBe(true);
    }
    expect(guard.canActivate(contextFor(ThingsController, 'me', 'GET', undefined))).toBe(false);
  });

  it('names what a token of another scope lacks: tokens:write may not read documents', () => {
    const refused = refusal(() =>
      guard.canActivate(contextFor(ThingsController, 'list', 'GET', scopes('tokens:write'))),
    );
    expect(refused.message).toBe(
      'insufficient scope: reading needs a token with docs:read; this token has tokens:write',
    );
  });

  it('needs the admin role besides the admin scope: a demoted admin keeps the scope, not the route', () => {
    const admin = { scopes: ['admin'], role: 'admin' };
    expect(guard.canActivate(contextFor(ThingsController, 'administer', 'GET', admin))).toBe(true);
    const demoted = refusal(() =>
      guard.canActivate(
        contextFor(ThingsController, 'administer', 'GET', { ...admin, role: 'member' }),
      ),
    );
    expect(demoted).toBeInstanceOf(NotAnAdmin);
    expect(demoted.missingScope).toBeUndefined();
    const member = refusal(() =>
      guard.canActivate(
        contextFor(ThingsController, 'administer', 'GET', {
          ...scopes('docs:read'),
          role: 'admin',
        }),
      ),
    );
    expect(member.missingScope).toBe('admin');
  });

  it('lets through a route that takes either of two scopes with either; names the first', () => {
    for (const held of [
      { scopes: ['tokens:write'], role: 'member' },
      { scopes: ['admin'], role: 'admin' },
      { scopes: ['tokens:write', 'admin'], role: 'member' },
    ]) {
      expect(guard.canActivate(contextFor(ThingsController, 'revoke', 'DELETE', held))).toBe(true);
    }
    const refused = refusal(() =>
      guard.canActivate(contextFor(ThingsController, 'revoke', 'DELETE', scopes('docs:write'))),
    );
    expect(refused.missingScope).toBe('tokens:write');
    const demoted = refusal(() =>
      guard.canActivate(
        contextFor(ThingsController, 'revoke', 'DELETE', { scopes: ['admin'], role: 'member' }),
      ),
    );
    expect(demoted).toBeInstanceOf(NotAnAdmin);
  });

  it('leaves public routes alone', () => {
    expect(guard.canActivate(contextFor(ThingsController, 'open', 'GET'))).toBe(true);
  });
});
