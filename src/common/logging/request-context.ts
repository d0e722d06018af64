import { AsyncLocalStorage } from 'node:async_hooks';

/** What code running on behalf of one request can learn about it without being passed it. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
