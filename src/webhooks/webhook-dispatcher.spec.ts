import { retryDelay } from './webhook-dispatcher';

describe('retryDelay', () => {
  const schedule = [5_000, 300_000, 1_800_000];

  it('takes the entry of the attempt, moved by up to 20 % either way', () => {
    expect(retryDelay(schedule, 0, 0)).toBe(4_000);
    expect(retryDelay(schedule, 0, 0.5)).toBe(5_000);
    expect(retryDelay(schedule, 0, 0.999999)).toBe(6_000);
    expect(retryDelay(schedule, 1, 0.25)).toBe(270_000);
    expect(retryDelay(schedule, 2, 0.75)).toBe(1_980_000);
  });

  it('stays within the bounds for any draw', () => {
    for (let i = 0; i < 1000; i++) {
      const delay = retryDelay(schedule, 1, Math.random())!;
      expect(delay).toBeGreaterThanOrEqual(240_000);
      expect(delay).toBeLessThanOrEqual(360_000);
    }
  });

  it('gives up once the schedule is used up (or empty)', () => {
    expect(retryDelay(schedule, 3, 0.5)).toBeNull();
    expect(retryDelay([], 0, 0.5)).toBeNull();
  });
});
