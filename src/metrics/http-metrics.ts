import type { Request, Response } from 'express';
import { Metrics } from './metrics';

/** Seconds; from a cached read to a search or a large write at its slowest. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The `route` of a request no route took: unknown paths, Swagger UI's files. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The `status` of a request whose response never ended: the client left, or shutdown cut it. */
export const ABORTED_STATUS = 'aborted';

/**
 * Records each request, once its response has been sent, in `http_request_duration_seconds` by
 * method, route template and status; its `_count` is the number of requests. Labels come from
 * the route (`/api/v1/docs/:uuid`), never from the URL, so their number stays bounded whatever
 * clients send. Called by the request-logging middleware, which times every request already.
 */
export function httpMetrics(metrics: Metrics) {
  const duration = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the arrival of a request until its response is sent, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
  });
  return (request: Request, response: Response, durationMs: number): void => {
    // Set by Express's router when a route took the request.
    const route = request.route as { path?: unknown } | undefined;
    duration.observe(
      {
        method: request.method,
        route: typeof route?.path === 'string' ? route.path : UNMATCHED_ROUTE,
        status: response.writableFinished ? String(response.statusCode) : ABORTED_STATUS,
      },
      durationMs / 1000,
    );
  };
}
