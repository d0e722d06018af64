import type { NextFunction, Request, Response } from 'express';

/**
 * No request waits longer than `ms` for an answer, whatever it is stuck on (a database that
 * stopped answering, a queue for connections): it gets a 503 and may retry. Whatever the
 * handler produces afterwards is dropped (the exception filter sees the response was sent).
 *
 * One timer serves every request: deadlines are all `ms` after their request arrived, so the
 * requests in flight, in arrival order, are also in deadline order, and a sweep every
 * `ms / 10` (10 ms to 1 s) answers the overdue ones from the front. A request is therefore
 * answered between `ms` and `ms` plus one sweep interval after it arrived.
 */
export function requestDeadline(ms: number) {
  const interval = Math.min(1000, Math.max(10, Math.floor(ms / 10)));
  /** Unanswered responses and their deadlines, in arrival (and so deadline) order. */
  const pending = new Map<Response, number>();
  let timer: NodeJS.Timeout | undefined;

  const sweep = () => {
    const now = performance.now();
    for (const [response, deadline] of pending) {
      if (deadline > now) break;
      pending.delete(response);
      if (!response.headersSent) {
        response
          .status(503)
          .setHeader('Retry-After', '5')
          .json({ error: `request took longer than ${ms} ms` });
      }
    }
    if (pending.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  function settled(this: Response) {
    pending.delete(this);
  }

  return (_request: Request, response: Response, next: NextFunction): void => {
    pending.set(response, performance.now() + ms);
    response.on('close', settled);
    timer ??= setInterval(sweep, interval).unref();
    next();
  };
}
