import { applyDecorators, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ApiBearerAuth, ApiResponse, DECORATORS } from '@nestjs/swagger';
import {
  REQUIRED_SCOPE,
  requiredScopeOfRoute,
  RouteScope,
} from '../decorators/required-scope.decorator';
import { ErrorResponseDto } from '../dto/error-response.dto';

export const BEARER_SCHEME = 'bearer';

interface HeaderDoc {
  description: string;
  /** Absent means present on every such answer; `false`: only when it applies. */
  required?: boolean;
  schema: { type: 'string' } | { type: 'integer'; minimum: number };
  example?: string;
}

interface ErrorResponseDoc {
  description: string;
  /** A typical message; a route may document its own instead. */
  example: string;
  headers?: Record<string, HeaderDoc>;
}

/**
 * The rate-limit headers of every answer counted against a limit: each successful one (unless
 * the limit that applies is 0, see `documentRateLimitHeaders`), and the 429 itself.
 */
export function rateLimitHeaders(required: boolean): Record<string, HeaderDoc> {
  const integer = { type: 'integer', minimum: 0 } as const;
  return {
    'X-RateLimit-Limit': {
      description: 'Requests allowed per window for this token (or client address).',
      required,
      schema: integer,
    },
    'X-RateLimit-Remaining': {
      description: 'Requests left in the current window; `0` on a 429.',
      required,
      schema: integer,
    },
    'X-RateLimit-Reset': {
      description: 'Seconds until the budget is back; on a 429 the same as `Retry-After`.',
      required,
      schema: integer,
    },
  };
}

/**
 * Every error status the API documents. To document a new one (say 429), add it here and list
 * it on the routes that can answer it, or in `BEARER_ROUTE_ERRORS` for every protected route.
 */
export const ERROR_RESPONSES = {
  400: {
    description: 'The request breaks a rule; the message says which.',
    example: 'title must be a string',
  },
  401: {
    description: 'Missing, unknown, expired or revoked bearer token.',
    example: 'missing bearer token',
    headers: {
      'WWW-Authenticate': {
        description: 'The bearer challenge, as in `Bearer realm="api"`.',
        schema: { type: 'string' },
        required: true,
      },
    },
  },
  403: {
    description:
      "The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may.",
    example: 'insufficient scope: writing needs a token with docs:write; this token has docs:read',
    headers: {
      'WWW-Authenticate': {
        description:
          "Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with " +
          '`--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.',
        schema: { type: 'string' },
        required: false,
        example: 'Bearer error="insufficient_scope", scope="docs:write"',
      },
    },
  },
  404: { description: 'No such document for this user.', example: 'document not found' },
  409: {
    description:
      'A request with the same `Idempotency-Key` is still in progress; retry after `Retry-After` seconds to get its answer.',
    example: 'a request with this Idempotency-Key is still in progress; retry in 30 s',
    headers: {
      'Retry-After': {
        description: 'Seconds until the first request’s hold on the key runs out.',
        schema: { type: 'string' },
        required: true,
      },
    },
  },
  412: {
    description:
      'The document is no longer the version named in `If-Match`: nothing was changed. The ' +
      'message and the `ETag` header give the current version; fetch it and apply the change again.',
    example:
      'the document has changed: its current version is 4 (ETag "4"); fetch it and apply your change again',
    headers: {
      ETag: {
        description: 'The current version, as a strong entity tag (`"4"`).',
        schema: { type: 'string' },
        required: true,
      },
    },
  },
  413: {
    description: 'The request body is larger than 5 MiB.',
    example: 'request body is larger than the 5 MiB limit',
  },
  431: {
    description:
      'The request line and headers are larger than 64 KiB (every folder path of up to 4,096 ' +
      'characters fits in the query, however it is encoded).',
    example: 'request headers are larger than the 64 KiB limit',
  },
  415: {
    description:
      'The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a ' +
      '`Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`.',
    example: 'request body must be UTF-8 (Content-Type: application/json; charset=utf-8)',
  },
  422: {
    description: 'The `Idempotency-Key` was already used with a different request body.',
    example: 'this Idempotency-Key was already used with a different request body',
  },
  429: {
    description:
      'Over the rate limit: per token, or per client address without a valid token. ' +
      'Successful answers carry the same `X-RateLimit-*` headers while a limit applies.',
    example: 'rate limit exceeded: at most 600 requests per 60 s; retry in 42 s',
    headers: {
      'Retry-After': {
        description: 'Seconds until the limit resets.',
        schema: { type: 'string' },
        required: true,
      },
      ...rateLimitHeaders(true),
    },
  },
  500: {
    description: 'Unexpected failure; nothing internal is disclosed.',
    example: 'internal server error',
  },
  503: {
    description: 'The database does not answer, or the request took too long; retry later.',
    example: 'database is unavailable',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before retrying.',
        schema: { type: 'string' },
        required: true,
      },
    },
  },
} satisfies Record<number, ErrorResponseDoc>;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The errors any route behind the bearer guard can answer. */
export const BEARER_ROUTE_ERRORS: ErrorStatus[] = [401, 429, 500, 503];

/**
 * Documents error responses, each with the `{"error": "..."}` schema and an example message.
 * Give statuses (`ApiErrorResponses(404, 413)`), or a status with this route's own example
 * message (`ApiErrorResponses({ 400: 'uuid must be a UUID' })`), or both.
 */
export const ApiErrorResponses = (
  ...responses: (ErrorStatus | Partial<Record<ErrorStatus, string>> | RouteErrorResponse)[]
) => {
  const docs = new Map<ErrorStatus, ErrorResponseDoc>();
  for (const entry of responses) {
    if (typeof entry === 'number') {
      docs.set(entry, ERROR_RESPONSES[entry]);
    } else if ('status' in entry) {
      docs.set(entry.status, { description: entry.description, example: entry.example });
    } else {
      for (const [status, example] of Object.entries(entry)) {
        const known = Number(status) as ErrorStatus;
        docs.set(known, { ...ERROR_RESPONSES[known], example });
      }
    }
  }
  return applyDecorators(
    ...[...docs].map(([status, doc]) =>
      ApiResponse({
        status,
        description: doc.description,
        type: ErrorResponseDto,
        example: { error: doc.example },
        ...(doc.headers ? { headers: doc.headers } : {}),
      }),
    ),
  );
};

/**
 * An error a route answers with a meaning of its own rather than the shared one of its status
 * (`ERROR_RESPONSES`), and no headers: say, a 409 for a name taken, where the shared 409 is an
 * `Idempotency-Key` still in use, with `Retry-After`.
 */
export interface RouteErrorResponse {
  status: ErrorStatus;
  description: string;
  example: string;
}

/**
 * Marks a controller as needing a bearer token, in Swagger UI and in the documented errors.
 * Its routes that need a scope (by the rule the scope guard enforces; every route but those any
 * token may call) are documented with 403, unless a route documents its own 403.
 */
export const BearerAuth = (): ClassDecorator => (controller) => {
  applyDecorators(
    ApiBearerAuth(BEARER_SCHEME),
    ApiErrorResponses(...BEARER_ROUTE_ERRORS),
  )(controller);
  const prototype = controller.prototype as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
    const handler: unknown = descriptor?.value;
    if (typeof handler !== 'function' || key === 'constructor') continue;
    if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
    const declared = (Reflect.getMetadata(REQUIRED_SCOPE, handler) ??
      Reflect.getMetadata(REQUIRED_SCOPE, controller)) as RouteScope | undefined;
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    if (requiredScopeOfRoute(method, declared) === 'any') continue;
    const documented = Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as
      Record<string, unknown> | undefined;
    if (documented?.['403']) continue;
    ApiErrorResponses(403)(prototype, key, descriptor);
  }
};
