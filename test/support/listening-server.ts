import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestApp } from './test-app';

/**
 * Serves the test app on a port of its own while `work` runs, so that parallel requests
 * share one server (supertest on the bare app starts a server per request).
 */
export async function withListeningServer<T>(
  test: TestApp,
  work: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const server = createServer(test.app.getHttpAdapter().getInstance());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await work(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
