import type { Request, Response } from 'express';

/** The request path as the client sent it, without the query string. */
export const requestPath = (request: Request): string => request.originalUrl.split(/[?#]/)[0];

export const routeNotFoundMessage = (request: Request): string =>
  `no route ${request.method} ${requestPath(request)}`;

/**
 * Last handler of the express stack. Nest answers unknown paths under the API prefix through
 * the exception filter; this answers every other unknown path with the same JSON error.
 */
export function routeNotFound(request: Request, response: Response): void {
  response.status(404).json({ error: routeNotFoundMessage(request) });
}
