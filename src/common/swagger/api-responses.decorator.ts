import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto';

export const BEARER_SCHEME = 'bearer';

interface ErrorResponseDoc {
  description: string;
  /** A typical message; a route may document its own instead. */
  example: string;
  headers?: Record<string, { description: string; schema: { type: 'string' } }>;
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
      },
    },
  },
  413: {
    description: 'The request body is larger than 5 MiB.',
    example: 'request body is larger than the 5 MiB limit',
  },
  422: {
    description: 'The `Idempotency-Key` was already used with a different request body.',
    example: 'this Idempotency-Key was already used with a different request body',
  },
  429: {
    description:
      'Over the rate limit: per token, or per client address without a valid token. ' +
      'Successful responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and ' +
      '`X-RateLimit-Reset` (seconds).',
    example: 'rate limit exceeded: at most 600 requests per 60 s; retry in 42 s',
    headers: {
      'Retry-After': {
        description: 'Seconds until the limit resets.',
        schema: { type: 'string' },
      },
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
  ...responses: (ErrorStatus | Partial<Record<ErrorStatus, string>>)[]
) => {
  const examples = new Map<ErrorStatus, string>();
  for (const entry of responses) {
    if (typeof entry === 'number') {
      examples.set(entry, ERROR_RESPONSES[entry].example);
    } else {
      for (const [status, example] of Object.entries(entry)) {
        examples.set(Number(status) as ErrorStatus, example);
      }
    }
  }
  return applyDecorators(
    ...[...examples].map(([status, example]) => {
      const doc: ErrorResponseDoc = ERROR_RESPONSES[status];
      return ApiResponse({
        status,
        description: doc.description,
        type: ErrorResponseDto,
        example: { error: example },
        ...(doc.headers ? { headers: doc.headers } : {}),
      });
    }),
  );
};

/** Marks a controller as needing a bearer token, in Swagger UI and in the documented errors. */
export const BearerAuth = () =>
  applyDecorators(ApiBearerAuth(BEARER_SCHEME), ApiErrorResponses(...BEARER_ROUTE_ERRORS));
