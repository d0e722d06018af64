import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Level, Logger } from 'pino';
import { requestContext } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Incoming ids we echo; anything else is replaced, so logs never carry arbitrary input. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A 503 is an outage of something we depend on, already logged as such: not a bug. */
function levelFor(status: number): Level {
  return status === 503 ? 'warn' : status >= 500 ? 'error' : 'info';
}

/** The access line: what was asked, by whom, how it ended. Never headers or bodies. */
function logAccess(
  log: Logger,
  requestId: string,
  request: Request,
  response: Response,
  durationMs: number,
): void {
  const status = response.statusCode;
  const level = levelFor(status);
  if (!log.isLevelEnabled(level)) return;
  const url = request.originalUrl;
  const query = url.indexOf('?');
  const user: { id?: unknown } | undefined = request.user;
  log[level](
    {
      requestId,
      method: request.method,
      // The route pattern (`/api/v1/docs/:uuid`) groups requests; the path says which one.
      route: (request.route as { path?: string } | undefined)?.path ?? null,
      path: query === -1 ? url : url.slice(0, query),
      status,
      durationMs: Math.round(durationMs),
      userId: user?.id ?? null,
      ...(response.writableFinished ? {} : { aborted: true }),
    },
    status >= 500 ? 'request failed' : 'request completed',
  );
}

/** Told of each request once its response is done (or the client gone), with its duration. */
export type ResponseEnded = (request: Request, response: Response, durationMs: number) => void;

/**
 * Gives each request an id (a valid incoming `X-Request-Id` or a new UUID), returns it as
 * `X-Request-Id`, makes it the request's context (every log line written for the request
 * carries it) and writes one access line when the response is done (or the client gone), then
 * tells `ended` (the request metrics) in the same step.
 */
export function requestLogging(log: Logger, ended?: ResponseEnded) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const startedAt = performance.now();
    response.on('close', () => {
      const durationMs = performance.now() - startedAt;
      logAccess(log, requestId, request, response, durationMs);
      ended?.(request, response, durationMs);
    });
    requestContext.run({ requestId }, next);
  };
}
