import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/** What code running on behalf of one request can learn about it without being passed it. */
export interface RequestContext {
  requestId: string;
  /** The root logger bound to this request's id. */
  log: Logger;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
