import { expectConfigError } from '../../test/support/config-errors';
import { readWorkerCount } from './workers.config';

// `WEB_CONCURRENCY=auto` means one worker per CPU: pretend there are three.
jest.mock('node:os', () => ({
  ...jest.requireActual<object>('node:os'),
  availableParallelism: () => 3,
}));

describe('readWorkerCount', () => {
  describe('WEB_CONCURRENCY', () => {
    const mysql = { DATABASE_URL: 'mysql://u@h:3306/dms' };
    const shared = { ...mysql, REDIS_URL: 'redis://127.0.0.1:6379' };
    const unlimited = { ...mysql, RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_ADDRESS: '0' };

    it.each([
      [{ WEB_CONCURRENCY: '1' }, 1],
      [{ ...shared, WEB_CONCURRENCY: '4' }, 4],
      [{ ...unlimited, WEB_CONCURRENCY: ' 2 ' }, 2],
      [{ ...shared, WEB_CONCURRENCY: 'auto' }, 3],
      [{ ...shared, WEB_CONCURRENCY: 'AUTO' }, 3],
    ])('reads %j as %i worker(s)', (env, workers) => {
      expect(readWorkerCount(env)).toBe(workers);
    });

    it.each(['0', '-1', '1.5', 'two', '257', 'auto2'])(
      'rejects %s naming the variable',
      (value) => {
        expectConfigError(
          readWorkerCount,
          { ...shared, WEB_CONCURRENCY: value },
          `Invalid configuration: WEB_CONCURRENCY must be auto or an integer between 1 and 256 (got ${JSON.stringify(value)})`,
        );
      },
    );

    it('refuses more than one worker on the embedded SQLite database', () => {
      expectConfigError(
        readWorkerCount,
        { WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' },
        'Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process (got "2")',
      );
    });

    it.each([
      [{}, '2'],
      [{ RATE_LIMIT_PER_TOKEN: '0' }, '3'],
      [{ RATE_LIMIT_PER_ADDRESS: '0' }, '2'],
    ])('refuses several workers with limits on (%j) and no REDIS_URL', (limits, count) => {
      expectConfigError(
        readWorkerCount,
        { ...mysql, ...limits, WEB_CONCURRENCY: count },
        `Invalid configuration: WEB_CONCURRENCY above 1 with rate limits on needs REDIS_URL, or each worker would grant the whole budget (set REDIS_URL, or RATE_LIMIT_PER_TOKEN=0 and RATE_LIMIT_PER_ADDRESS=0) (got "${count}")`,
      );
    });

    it('names the CPU count when auto is refused', () => {
      expectConfigError(
        readWorkerCount,
        { WEB_CONCURRENCY: 'auto' },
        'Invalid configuration: WEB_CONCURRENCY above 1 needs a MySQL database (DATABASE_URL); the embedded SQLite file serves one process (got "auto" on 3 CPUs)',
      );
    });
  });
});
