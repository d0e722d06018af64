import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { parseIfMatch } from '../http/entity-tags';

/** The request's `If-Match` condition (see `parseIfMatch`); a malformed header is a 400. */
export const IfMatch = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  parseIfMatch(context.switchToHttp().getRequest<Request>().headers['if-match']),
);
