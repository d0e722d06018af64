import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { TokenAuthInfo } from './token-auth-info';

/** The role of the caller and the token of this request, as the bearer guard found them. */
export const CurrentAuth = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().authInfo as TokenAuthInfo,
);
