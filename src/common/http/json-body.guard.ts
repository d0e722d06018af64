import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { json, type Request, type Response } from 'express';
import { InvalidInput } from '../errors/domain-errors';
import { jsonBodyShapeProblem } from './json-body-shape';
import { JSON_BODY_TYPES, unsupportedCharset } from './json-charset';

/** Largest accepted request body: 5 MiB. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

const parseJsonBody = json({
  limit: BODY_LIMIT_BYTES,
  strict: false,
  type: JSON_BODY_TYPES,
  verify: (_request, _response, body) => {
    const problem = jsonBodyShapeProblem(body);
    if (problem !== undefined) throw new InvalidInput(problem);
  },
});

/**
 * The last global guard: reads and parses a JSON request body once the guards before it have
 * let the request through. A caller without a valid token (or over its rate limit, or with the
 * wrong scope) is answered before a byte of its body is read, and a body costs parsing only
 * when its sender may send it. Bodies of unbounded shape are refused before they are parsed
 * (`jsonBodyShapeProblem`). A guard rather than an interceptor: guards cost nothing per
 * request beyond their own work, and this one must run before the pipes read the body anyway.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): true | Promise<true> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    // Nothing to read: GET, DELETE and HEAD requests without a body (the common case).
    if (request.headers['content-length'] === undefined && !request.headers['transfer-encoding']) {
      return true;
    }
    return readJsonBody(request, context.switchToHttp().getResponse<Response>());
  }
}

function readJsonBody(request: Request, response: Response): Promise<true> {
  return new Promise((resolve, reject) => {
    const charsetError = unsupportedCharset(request);
    if (charsetError) return reject(charsetError);
    // body-parser reports failures as errors with an HTTP status (http-errors), or zlib's.
    parseJsonBody(request, response, (error?: Error) => (error ? reject(error) : resolve(true)));
  });
}
