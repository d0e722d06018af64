import { AttemptResult, ClaimedDelivery, failureStreaks } from './outbox.repository';

const attempt = (webhookId: number, ok: boolean, error = 'connection refused'): AttemptResult => ({
  delivery: { webhook_id: webhookId } as ClaimedDelivery,
  outcome: { statusCode: ok ? 200 : null, error: ok ? null : error, durationMs: 1, at: new Date() },
  ok,
  retryAt: null,
});

describe('failureStreaks', () => {
  it('counts failures on top of the stored count when no success came', () => {
    const streaks = failureStreaks([attempt(1, false), attempt(1, false, 'timeout')]);
    expect(streaks.get(1)).toEqual({
      reset: false,
      failures: 2,
      last: expect.objectContaining({ error: 'timeout' }),
    });
  });

  it('starts again from the last success, in the order the attempts ended', () => {
    const streaks = failureStreaks([
      attempt(1, false),
      attempt(2, false),
      attempt(1, true),
      attempt(1, false),
      attempt(2, true),
    ]);
    expect(streaks.get(1)).toMatchObject({ reset: true, failures: 1 });
    expect(streaks.get(2)).toEqual({ reset: true, failures: 0 });
  });
});
