import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Scrape {
  contentType: string;
  body: string;
}

export const METRICS_PATH = '/metrics';

function answerError(response: ServerResponse, status: number, error: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error }));
}

/**
 * The metrics listener: `GET /metrics` answers what `scrape` gathers, in Prometheus's text
 * format; nothing else is served on it. Kept apart from the API's port, so that the public
 * network never reaches it.
 */
export async function startMetricsServer(
  host: string,
  port: number,
  scrape: () => Promise<Scrape>,
): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      return answerError(
        response,
        404,
        `no route ${request.method} ${path}: metrics are at GET /metrics`,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return answerError(
        response,
        405,
        `method ${request.method} not allowed on /metrics; use GET`,
      );
    }
    scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) =>
        answerError(
          response,
          503,
          `metrics could not be gathered: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops the listener, closing the keep-alive connections a scraper holds. */
export function stopMetricsServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
