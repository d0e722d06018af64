import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  isDatabaseUnavailable,
  isRetryableConflict,
  WriteConflict,
} from '../../database/database-errors';
import { entityTag } from '../http/entity-tags';
import { allowedMethods, requestPath, routeNotFoundMessage } from '../http/route-not-found';
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  PreconditionFailed,
  ServiceUnavailable,
  Unauthenticated,
  Unprocessable,
} from '../errors/domain-errors';
import { OAuthTokenError, RedirectWithError } from '../errors/oauth-errors';

const domainStatuses: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInput, HttpStatus.BAD_REQUEST],
  [Unauthenticated, HttpStatus.UNAUTHORIZED],
  [Forbidden, HttpStatus.FORBIDDEN],
  [NotFound, HttpStatus.NOT_FOUND],
  [Conflict, HttpStatus.CONFLICT],
  [PreconditionFailed, HttpStatus.PRECONDITION_FAILED],
  [Unprocessable, HttpStatus.UNPROCESSABLE_ENTITY],
];

/** Errors raised by the body parser (express): a 4xx status, and a type or a zlib code. */
interface BodyParserError extends Error {
  status: number;
  type?: string;
  code?: string;
}

const bodyParserMessages: Record<string, string> = {
  'entity.parse.failed': 'request body is not valid JSON',
  'entity.too.large': 'request body is larger than the 5 MiB limit',
  'encoding.unsupported':
    'request body has an unsupported Content-Encoding (identity, gzip, deflate and br are)',
  'charset.unsupported':
    'request body must be UTF-8 (Content-Type: application/json; charset=utf-8)',
  'request.aborted': 'request was aborted',
  'request.size.invalid': 'request body is shorter or longer than its Content-Length',
};

/**
 * The one place where failures become HTTP responses. Every error body is `{"error": "..."}`;
 * a 500 tells the client nothing internal and logs the cause.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    if (this.answerOAuth(exception, response)) return;
    const { status, message, retryAfterSeconds = 5, allow } = this.describe(exception, request);
    if (allow) response.setHeader('Allow', allow.join(', '));

    if (status === 503) {
      this.logger.warn(`${message}: ${exception instanceof Error ? exception.message : ''}`);
      response.setHeader('Retry-After', String(retryAfterSeconds));
    } else if (status >= 500) {
      this.logger.error(
        `${request.method} ${request.originalUrl} failed`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (exception instanceof Conflict && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (exception instanceof Unauthenticated) {
      response.setHeader(
        'WWW-Authenticate',
        exception.credentialsOffered
          ? `Bearer realm="api", error="invalid_token", error_description="${exception.message}"`
          : 'Bearer realm="api"',
      );
    }
    if (exception instanceof Forbidden && exception.missingScope) {
      response.setHeader(
        'WWW-Authenticate',
        `Bearer error="insufficient_scope", scope="${exception.missingScope}"`,
      );
    }
    if (exception instanceof PreconditionFailed) {
      response.setHeader('ETag', entityTag(exception.currentVersion));
    }
    if (response.headersSent) return;
    response.status(status).json({ error: message });
  }

  /** OAuth 2's own error answers: a redirect to the client, or a token endpoint's body. */
  private answerOAuth(exception: unknown, response: Response): boolean {
    if (response.headersSent) return false;
    if (exception instanceof RedirectWithError) {
      response.redirect(302, exception.location);
      return true;
    }
    if (exception instanceof OAuthTokenError) {
      response.setHeader('Cache-Control', 'no-store');
      response
        .status(400)
        .json({ error: exception.error, error_description: exception.description });
      return true;
    }
    return false;
  }

  private describe(
    exception: unknown,
    request: Request,
  ): { status: number; message: string; retryAfterSeconds?: number; allow?: string[] } {
    if (exception instanceof ServiceUnavailable) {
      const { message, retryAfterSeconds } = exception;
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message, retryAfterSeconds };
    }
    if (exception instanceof DomainError) {
      const match = domainStatuses.find(([type]) => exception instanceof type);
      if (match) return { status: match[1], message: exception.message };
    }
    if (isDatabaseUnavailable(exception)) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: 'database is unavailable' };
    }
    // A conflict outside the transaction runner's retries (Galera certification, a deadlock).
    if (isRetryableConflict(exception)) return this.describe(new WriteConflict(exception), request);
    if (exception instanceof NotFoundException && exception.message.startsWith('Cannot ')) {
      const allow = allowedMethods(request);
      if (allow.length > 0) {
        const message = `${request.method} is not allowed on ${requestPath(request)}: use ${allow.join(', ')}`;
        return { status: HttpStatus.METHOD_NOT_ALLOWED, message, allow };
      }
      return { status: HttpStatus.NOT_FOUND, message: routeNotFoundMessage(request) };
    }
    // The express adapter wraps body-parser and URL-decoding failures; describe them plainly.
    if (exception instanceof HttpException && exception.cause !== undefined) {
      const { cause } = exception;
      if (cause instanceof SyntaxError) {
        return { status: 400, message: `request body is not valid JSON (${cause.message})` };
      }
      if (cause instanceof URIError) {
        return { status: 400, message: 'request URL has malformed percent-encoding' };
      }
      if (isBodyParserError(cause)) return this.describe(cause, request);
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return { status: exception.getStatus(), message: exception.message };
    }
    if (isBodyParserError(exception)) return describeBodyParserError(exception);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'internal server error' };
  }
}

function isBodyParserError(value: unknown): value is BodyParserError {
  const candidate = value as Partial<BodyParserError> | null;
  return (
    (typeof candidate?.type === 'string' || typeof candidate?.code === 'string') &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

function describeBodyParserError(error: BodyParserError): { status: number; message: string } {
  if (error.type === 'entity.parse.failed' && error instanceof SyntaxError) {
    return { status: 400, message: `request body is not valid JSON (${error.message})` };
  }
  if (error.code?.startsWith('Z_')) {
    return { status: 400, message: 'request body does not match its Content-Encoding' };
  }
  const message = bodyParserMessages[error.type ?? ''] ?? 'request body could not be read';
  return { status: error.status, message };
}
