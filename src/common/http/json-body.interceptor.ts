import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { json, type Request, type Response } from 'express';
import type { Observable } from 'rxjs';
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
 * Reads and parses a JSON request body once the guards have let the request through: a caller
 * without a valid token (or over its rate limit, or with the wrong scope) is answered before a
 * byte of its body is read, and a body costs parsing only when its sender may write. Bodies of
 * unbounded shape are refused before they are parsed (`jsonBodyShapeProblem`).
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      await readJsonBody(http.getRequest<Request>(), http.getResponse<Response>());
    }
    return next.handle();
  }
}

function readJsonBody(request: Request, response: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const charsetError = unsupportedCharset(request);
    if (charsetError) return reject(charsetError);
    // body-parser reports failures as errors with an HTTP status (http-errors), or zlib's.
    parseJsonBody(request, response, (error?: Error) => (error ? reject(error) : resolve()));
  });
}
