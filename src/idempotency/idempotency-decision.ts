import { StoredKey } from './idempotency.repository';

/** What a request does about the row it found for its key (its own insert having failed). */
export type Decision =
  /** The row went away between the insert and the read (released or swept): insert again. */
  | { action: 'insert-again' }
  /** The row has expired: it counts as absent, and the request starts it afresh. */
  | { action: 'reclaim' }
  /** The key was first used with another request body. */
  | { action: 'reject-other-request' }
  /** The first request completed: send its response again. */
  | { action: 'replay'; response: string }
  /** The first request holds the key and may still be running. */
  | { action: 'wait'; retryAfterSeconds: number }
  /** The holder's lease ran out (its server died, or it is stuck): take the key over. */
  | { action: 'take-over' };

export function decide(stored: StoredKey | null, fingerprint: string, now: Date): Decision {
  if (stored === null) return { action: 'insert-again' };
  if (stored.expiresAt.getTime() <= now.getTime()) return { action: 'reclaim' };
  if (stored.fingerprint !== fingerprint) return { action: 'reject-other-request' };
  if (stored.completedAt !== null && stored.response !== null) {
    return { action: 'replay', response: stored.response };
  }
  const leaseLeftMs = (stored.leaseUntil?.getTime() ?? 0) - now.getTime();
  if (leaseLeftMs > 0) return { action: 'wait', retryAfterSeconds: Math.ceil(leaseLeftMs / 1000) };
  return { action: 'take-over' };
}
