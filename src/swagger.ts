import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { BEARER_SCHEME } from './common/swagger/api-responses.decorator';

export function buildOpenApiDocument(app: INestApplication) {
  const config = new DocumentBuilder()
    .setTitle('Document service')
    .setDescription(
      'HTML documents owned by users, organised in per-user folders (`~`, `~/a`, `~/a/b`). ' +
        'Every operation under `/api/v1` needs `Authorization: Bearer <token>`; make a token with ' +
        '`npm run -s cli -- tokens create --email <e-mail>`. Every error has the body `{"error": "..."}`.',
    )
    .setVersion('1.1.0')
    .addServer('/', 'The address this document is served from')
    .addTag('docs', 'Create, list, read, update and delete documents')
    .addTag('folders', 'The folders documents live in (`~/a/b`)')
    .addTag('health', 'Liveness of the service and its database')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'dms_<43 characters>' },
      BEARER_SCHEME,
    )
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Swagger UI at `/api`, the OpenAPI document at `/api-json`. */
export function setUpSwagger(app: INestApplication): void {
  SwaggerModule.setup('api', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api-json',
    yamlDocumentUrl: 'api-yaml',
    customSiteTitle: 'Document service API',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true },
  });
}
