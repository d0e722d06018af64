import { METHODS } from 'node:http';
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

/** The parts of Express's router (the `router` package) read here. */
interface RouteLayer {
  route?: { methods: Record<string, boolean> };
  matchers: ((path: string) => unknown)[];
}

/**
 * The methods the application's routes answer at the request's path, as an `Allow` header
 * lists them (`HEAD` wherever `GET` is); empty when no route has the path. Reads the route
 * table of Express's router, so every route counts, whichever module declares it.
 */
export function allowedMethods(request: Request): string[] {
  const path = requestPath(request);
  const layers = (request.app as unknown as { router: { stack: RouteLayer[] } }).router.stack;
  const methods = new Set<string>();
  for (const layer of layers) {
    if (!layer.route || !layer.matchers.some((matches) => pathMatches(matches, path))) continue;
    const answered = Object.keys(layer.route.methods).filter((method) => method !== '_all');
    // A route for every method is a hook on the path (`app.all`, as Nest adds one to /health
    // for the global prefix), not an endpoint.
    if (answered.length >= METHODS.length) continue;
    for (const method of answered) methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

function pathMatches(matches: (path: string) => unknown, path: string): boolean {
  try {
    return matches(path) !== false;
  } catch {
    return false; // malformed percent-encoding in a parameter: no route's path
  }
}
