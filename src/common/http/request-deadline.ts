import type { NextFunction, Request, Response } from 'express';

/**
 * No request waits longer than `ms` for an answer, whatever it is stuck on (a database that
 * stopped answering, a queue for connections): it gets a 503 and may retry. Whatever the
 * handler produces afterwards is dropped (the exception filter sees the response was sent).
 */
export function requestDeadline(ms: number) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const timer = setTimeout(() => {
      if (response.headersSent) return;
      response
        .status(503)
        .setHeader('Retry-After', '5')
        .json({ error: `request took longer than ${ms} ms` });
    }, ms);
    response.once('close', () => clearTimeout(timer));
    next();
  };
}
