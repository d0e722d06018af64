import { startBuiltServiceExpectingFailure, buildIfNeeded } from '../support/built-service';
import { databaseKind, dropTestDatabase } from '../support/test-app';

describe(`WEB_CONCURRENCY is checked before any worker starts (${databaseKind})`, () => {
  beforeAll(() => buildIfNeeded(), 60_000);
  afterAll(() => dropTestDatabase());

  it.each(['0', 'two', '1.5', '257'])(
    'WEB_CONCURRENCY=%s stops the process with one line',
    async (value) => {
      const result = await startBuiltServiceExpectingFailure({ WEB_CONCURRENCY: value });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(
        `Invalid configuration: WEB_CONCURRENCY must be auto or an integer between 1 and 256 (got ${JSON.stringify(value)})\n`,
      );
    },
  );

  if (databaseKind === 'sqlite') {
    it('more than one worker on the embedded SQLite file is refused', async () => {
      const result = await startBuiltServiceExpectingFailure({ WEB_CONCURRENCY: '2' });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(
        'Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process (got "2")\n',
      );
    });
  } else {
    it('more than one worker with rate limits on and no REDIS_URL is refused', async () => {
      const result = await startBuiltServiceExpectingFailure({
        WEB_CONCURRENCY: '2',
        RATE_LIMIT_PER_TOKEN: '100',
      });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(
        'Invalid configuration: WEB_CONCURRENCY above 1 with rate limits on needs REDIS_URL, or each worker would grant the whole budget (set REDIS_URL, or RATE_LIMIT_PER_TOKEN=0 and RATE_LIMIT_PER_ADDRESS=0) (got "2")\n',
      );
    });
  }
});
