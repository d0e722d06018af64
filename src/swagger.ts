import { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { routeNotFound } from './common/http/route-not-found';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { BEARER_SCHEME, rateLimitHeaders } from './common/swagger/api-responses.decorator';
import { applySchemaExtras } from './common/swagger/api-schema-extras.decorator';
import type { TokenScope } from './common/token-scope-list';
import { SignInSettings, SWAGGER_UI_CLIENT } from './sign-in/sign-in.config';

/** The interface's version (`info.version`); package.json's `version` is the same (a unit spec checks). */
export const API_VERSION = '1.4.0';

/** The OAuth 2 scheme Swagger UI signs in with when sign-in is on. */
export const SIGN_IN_SCHEME = 'signIn';

const SIGN_IN_SCOPES: Record<TokenScope, string> = {
  'docs:read': 'Read documents, folders, search',
  'docs:write': 'Create, change, share and delete documents (with docs:read)',
  'tokens:write': 'Make, list and revoke your own tokens',
  admin: 'The admin routes (admins only)',
};

/**
 * The OpenAPI document. With sign-in on (`signIn`), every operation that takes a bearer token
 * also takes one from the service's own OAuth endpoints: Swagger UI's Authorize then offers
 * signing in at the identity provider.
 */
export function buildOpenApiDocument(app: INestApplication, signIn?: SignInSettings | null) {
  const config = new DocumentBuilder()
    .setTitle('Document service')
    .setDescription(
      'HTML documents owned by users, organised in per-user folders (`~`, `~/a`, `~/a/b`). ' +
        'Every operation under `/api/v1` needs `Authorization: Bearer <token>`; make a token with ' +
        '`npm run -s cli -- tokens create --email <e-mail>`, or, where sign-in is on, sign in with ' +
        'Authorize (`signIn`). Every error has the body `{"error": "..."}`. ' +
        'A method a path does not have is answered `405` with `Allow` listing the ones it has; ' +
        'a path no route has, `404`. Before any route, the HTTP server answers `400` to a malformed ' +
        'request line or header, `408` to a request too slow to arrive, `413` to chunk extensions ' +
        'over 16 KiB and `431` to a request line and headers over 64 KiB (JSON error bodies, `Connection: close`).',
    )
    .setVersion(API_VERSION)
    .addServer('/', 'The address this document is served from')
    .addTag('docs', 'Create, list, read, update, move and delete documents')
    .addTag('revisions', 'Every version of a document: read one, restore one')
    .addTag('trash', 'Deleted documents, kept for a while: restore one, or delete it for good')
    .addTag('search', 'Find documents by the words in their title and text, in any language')
    .addTag('webhooks', 'Signed events sent to your URL when documents change')
    .addTag('folders', 'The folders documents live in (`~/a/b`)')
    .addTag('groups', 'Named sets of users, changed by their managers')
    .addTag(
      'tokens',
      'Who you are (`GET /me`), and the API tokens you make, list and revoke yourself',
    )
    .addTag('users', 'Admins: every user, their role, their tokens; deactivating a user')
    .addTag('health', 'Liveness of the service and its database')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'dms_<43 characters>' },
      BEARER_SCHEME,
    )
    .build();
  const document = applySchemaExtras(
    documentRateLimitHeaders(SwaggerModule.createDocument(app, config)),
  );
  return signIn ? withSignIn(document, signIn) : document;
}

function withSignIn(document: OpenAPIObject, signIn: SignInSettings): OpenAPIObject {
  document.components!.securitySchemes![SIGN_IN_SCHEME] = {
    type: 'oauth2',
    description:
      'Sign in at the organisation’s identity provider: the service gives Swagger UI one of its own tokens (8 hours by default).',
    flows: {
      authorizationCode: {
        authorizationUrl: `${signIn.publicUrl}/oauth/authorize`,
        tokenUrl: `${signIn.publicUrl}/oauth/token`,
        scopes: SIGN_IN_SCOPES,
      },
    },
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const security = pathItem[method]?.security;
      if (security?.some((requirement) => BEARER_SCHEME in requirement)) {
        security.push({ [SIGN_IN_SCHEME]: [] });
      }
    }
  }
  return document;
}

/**
 * Every route is rate limited (per token, or per client address on public ones), so every
 * successful answer carries the `X-RateLimit-*` headers, unless the limit that applies is 0.
 * Added here rather than on each route so that no new route can miss them.
 */
function documentRateLimitHeaders(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      for (const [status, response] of Object.entries(pathItem[method]?.responses ?? {})) {
        if (!response || !/^2\d\d$/.test(status) || '$ref' in response) continue;
        response.headers = { ...response.headers, ...rateLimitHeaders(false) };
      }
    }
  }
  return document;
}

/**
 * Swagger UI at `/api`, the OpenAPI document at `/api-json`. With sign-in on, Authorize also
 * signs in through the identity provider (authorization code with PKCE, as the `swagger-ui`
 * client), coming back at `/api/oauth2-redirect.html`.
 */
export function setUpSwagger(app: NestExpressApplication, signIn?: SignInSettings | null): void {
  app.use('/api', swaggerFilesOnly);
  SwaggerModule.setup('api', app, () => buildOpenApiDocument(app, signIn), {
    jsonDocumentUrl: 'api-json',
    yamlDocumentUrl: 'api-yaml',
    customSiteTitle: 'Document service API',
    swaggerOptions: {
      persistAuthorization: true,
      displayRequestDuration: true,
      ...(signIn
        ? {
            oauth2RedirectUrl: `${signIn.publicUrl}/api/oauth2-redirect.html`,
            initOAuth: {
              clientId: SWAGGER_UI_CLIENT,
              usePkceWithAuthorizationCodeGrant: true,
              scopes: ['docs:read', 'docs:write', 'tokens:write'],
            },
          }
        : {}),
    },
  });
}

/**
 * Swagger UI's files are served by express.static, which answers a path naming a folder
 * (`/api/x/..`, `/api/%09/%2e%2e`) with a 301 to that path and a slash. Its files all lie in
 * one folder, so anything under `/api/` that is not one file name there gets the JSON 404.
 */
function swaggerFilesOnly(request: Request, response: Response, next: NextFunction): void {
  let name: string;
  try {
    name = decodeURIComponent(request.path).slice(1);
  } catch {
    return next(); // malformed percent-encoding: the 400 further on
  }
  if (name === '' || !(name.includes('/') || name === '.' || name === '..')) return next();
  routeNotFound(request, response);
}
