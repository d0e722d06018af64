import { Logger } from '@nestjs/common';
import { RepeatingJob } from './repeating-job';

describe('RepeatingJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs within the first interval, then every interval, and goes on after a failure', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    let runs = 0;
    const job = new RepeatingJob(
      'counting',
      60_000,
      () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('database gone')) : Promise.resolve();
      },
      logger,
    );
    job.start();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    expect(warn).toHaveBeenCalledWith('counting failed (next try in 1 min): database gone');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
    await job.stop();
    expect(job.isStopped).toBe(true);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(3);
  });

  it('stop waits for the run under way and logs nothing of its failure', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    let fail!: (error: Error) => void;
    const job = new RepeatingJob(
      'waiting',
      1_500,
      () => new Promise<void>((_, reject) => (fail = reject)),
      logger,
    );
    job.start();
    await jest.advanceTimersByTimeAsync(1_500);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    fail(new Error('interrupted'));
    await stopping;
    expect(warn).not.toHaveBeenCalled();
  });
});
