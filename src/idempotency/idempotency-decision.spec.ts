import { decide } from './idempotency-decision';
import { StoredKey } from './idempotency.repository';

const now = new Date('2031-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const PRINT = 'a'.repeat(64);

function stored(fields: Partial<StoredKey>): StoredKey {
  return {
    fingerprint: PRINT,
    resourceId: '3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60',
    attempt: 1,
    leaseUntil: at(30_000),
    response: null,
    completedAt: null,
    expiresAt: at(86_400_000),
    ...fields,
  };
}

const completed = { completedAt: at(-5), leaseUntil: null, response: '{"uuid":"u"}' };

describe('what a request does about the row already stored for its key', () => {
  it('inserts again when the row has gone', () => {
    expect(decide(null, PRINT, now)).toEqual({ action: 'insert-again' });
  });

  it('treats an expired row as absent, whatever it holds', () => {
    for (const expiresAt of [now, at(-1)]) {
      expect(decide(stored({ expiresAt }), PRINT, now)).toEqual({ action: 'reclaim' });
      expect(decide(stored({ expiresAt, ...completed }), 'b'.repeat(64), now)).toEqual({
        action: 'reclaim',
      });
    }
  });

  it('rejects another request body, pending or completed', () => {
    for (const fields of [{}, completed, { leaseUntil: at(-1) }]) {
      expect(decide(stored(fields), 'b'.repeat(64), now)).toEqual({
        action: 'reject-other-request',
      });
    }
  });

  it('replays a completed key', () => {
    expect(decide(stored(completed), PRINT, now)).toEqual({
      action: 'replay',
      response: '{"uuid":"u"}',
    });
  });

  it.each([
    [30_000, 30],
    [29_001, 30],
    [1000, 1],
    [1, 1],
  ])('waits while the lease runs (%i ms left: Retry-After %i)', (left, seconds) => {
    expect(decide(stored({ leaseUntil: at(left) }), PRINT, now)).toEqual({
      action: 'wait',
      retryAfterSeconds: seconds,
    });
  });

  it('takes over once the lease has run out', () => {
    for (const leaseUntil of [now, at(-1), null]) {
      expect(decide(stored({ leaseUntil }), PRINT, now)).toEqual({ action: 'take-over' });
    }
  });
});
