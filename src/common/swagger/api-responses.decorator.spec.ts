import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { RequiredScope } from '../decorators/required-scope.decorator';
import { ApiErrorResponses, BearerAuth, ERROR_RESPONSES } from './api-responses.decorator';

@BearerAuth()
@Controller('things')
class ThingsController {
  @Get() list() {}
  @Post() create() {}
  @Put(':id') update() {}
  @Delete(':id') @ApiErrorResponses({ 403: 'only the owner may delete' }) remove() {}
  @Post('search') @RequiredScope('docs:read') search() {}
  @Get('me') @RequiredScope('any') me() {}
  helper() {}
}

function documented(handler: keyof ThingsController): Record<string, { example?: unknown }> {
  const method: unknown = Object.getOwnPropertyDescriptor(
    ThingsController.prototype,
    handler,
  )?.value;
  return (Reflect.getMetadata(DECORATORS.API_RESPONSE, method as object) ?? {}) as Record<
    string,
    { example?: unknown }
  >;
}

describe('BearerAuth', () => {
  it('documents 403 with the scope challenge on every route that needs a scope, reads included', () => {
    for (const handler of ['create', 'update', 'list', 'search'] as const) {
      expect(documented(handler)['403']).toMatchObject({
        description: ERROR_RESPONSES[403].description,
        example: { error: ERROR_RESPONSES[403].example },
        headers: {
          'WWW-Authenticate': expect.objectContaining({
            required: false,
            example: 'Bearer error="insufficient_scope", scope="docs:write"',
          }) as unknown,
        },
      });
    }
  });

  it('keeps a 403 a route documents itself', () => {
    expect(documented('remove')['403'].example).toEqual({ error: 'only the owner may delete' });
  });

  it('documents no 403 on a route any token may call, nor on methods that are not routes', () => {
    expect(documented('me')['403']).toBeUndefined();
    expect(documented('helper')['403']).toBeUndefined();
  });

  it('documents 401, 429, 500 and 503 for the whole controller', () => {
    const forController = Reflect.getMetadata(DECORATORS.API_RESPONSE, ThingsController) as object;
    expect(Object.keys(forController).sort()).toEqual(['401', '429', '500', '503']);
  });
});
