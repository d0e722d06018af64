import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestContext } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Incoming ids we echo; anything else is replaced, so logs never carry arbitrary input. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The access line: what was asked, by whom, how it ended. Never headers or bodies. */
function accessFields(request: Request, response: Response, responseTime: number) {
  const user: { id?: unknown } | undefined = request.user;
  return {
    method: request.method,
    // The route pattern (`/api/v1/docs/:uuid`) groups requests; the path says which one.
    route: (request.route as { path?: string } | undefined)?.path ?? null,
    path: request.originalUrl.split('?')[0],
    status: response.statusCode,
    durationMs: responseTime,
    userId: user?.id ?? null,
    ...(response.writableFinished ? {} : { aborted: true }),
  };
}

/**
 * Gives each request an id (a valid incoming `X-Request-Id` or a new UUID), returns it as
 * `X-Request-Id`, binds it to every log line written for the request, and writes one access
 * line when the response is done.
 */
export function requestLogging(root: Logger) {
  const http = pinoHttp({
    logger: root,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (request, response) => {
      const incoming = request.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // A 503 is an outage of something we depend on, already logged as such: not a bug.
    customLogLevel: (_request, response, error) =>
      response.statusCode === 503 ? 'warn' : error || response.statusCode >= 500 ? 'error' : 'info',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (request, response, fields: { responseTime: number }) =>
      accessFields(request as Request, response as Response, fields.responseTime),
    customErrorObject: (request, response, _error, fields: { responseTime: number }) =>
      accessFields(request as Request, response as Response, fields.responseTime),
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    http(request, response, () =>
      requestContext.run({ requestId: request.id as string, log: request.log }, next),
    );
  };
}
