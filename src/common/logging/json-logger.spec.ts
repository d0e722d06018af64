import { createRootLogger, JsonLogger } from './json-logger';
import { requestContext } from './request-context';

describe('JSON logging', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = new JsonLogger(
    createRootLogger('log', { write: (line: string) => lines.push(JSON.parse(line)) }),
  );
  beforeEach(() => (lines.length = 0));

  it("gives every line written while serving a request that request's id", async () => {
    logger.log('before', 'Test');
    await requestContext.run({ requestId: 'r-1' }, async () => {
      logger.warn('inside', 'Test');
      await Promise.resolve();
      logger.error('after an await', 'stack', 'Test');
    });
    requestContext.run({ requestId: 'r-2' }, () => logger.log({ custom: 1 }, 'Test'));
    expect(lines.map(({ requestId, msg, context }) => ({ requestId, msg, context }))).toEqual([
      { requestId: undefined, msg: 'before', context: 'Test' },
      { requestId: 'r-1', msg: 'inside', context: 'Test' },
      { requestId: 'r-1', msg: 'after an await', context: 'Test' },
      { requestId: 'r-2', msg: undefined, context: 'Test' },
    ]);
    expect(lines[3]).toMatchObject({ custom: 1, level: 'info', pid: process.pid });
  });

  it("lets a line name its request itself, and leaves the context's fields alone", () => {
    const context = { requestId: 'outer' };
    requestContext.run(context, () => logger.root.info({ requestId: 'own', n: 1 }, 'access'));
    expect(lines).toMatchObject([{ requestId: 'own', n: 1, msg: 'access' }]);
    expect(context).toEqual({ requestId: 'outer' });
  });
});
