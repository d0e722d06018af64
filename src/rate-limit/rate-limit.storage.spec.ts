import { MemoryRateLimitStorage } from './rate-limit.storage';

describe('MemoryRateLimitStorage', () => {
  let storage: MemoryRateLimitStorage;

  beforeEach(() => {
    jest.useFakeTimers();
    storage = new MemoryRateLimitStorage();
  });
  afterEach(() => {
    storage.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('counts hits per key in a window that starts with its first hit', async () => {
    expect(await storage.hit('a', 1000)).toEqual({ hits: 1, msLeft: 1000 });
    jest.advanceTimersByTime(400);
    expect(await storage.hit('a', 1000)).toEqual({ hits: 2, msLeft: 600 });
    expect(await storage.hit('b', 1000)).toEqual({ hits: 1, msLeft: 1000 });
    jest.advanceTimersByTime(600);
    // The window of 'a' has ended: the next hit starts a new one.
    expect(await storage.hit('a', 1000)).toEqual({ hits: 1, msLeft: 1000 });
    expect(await storage.hit('b', 1000)).toEqual({ hits: 2, msLeft: 400 });
  });

  it('forgets keys whose window ended', async () => {
    await storage.hit('a', 1000);
    jest.advanceTimersByTime(500);
    await storage.hit('b', 1000);
    jest.advanceTimersByTime(500); // the sweep runs once a window: 'a' is over, 'b' is not
    const windows = (storage as unknown as { windows: Map<string, unknown> }).windows;
    expect([...windows.keys()]).toEqual(['b']);
  });
});
