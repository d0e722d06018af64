import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { serverConfig, ServerConfig } from '../config/server.config';
import {
  isDatabaseUnavailable,
  isRetryableConflict,
  WriteConflict,
} from '../database/database-errors';
import { TransactionRunner } from '../database/transaction-runner';
import { decide } from './idempotency-decision';
import { hashIdempotencyKey } from './idempotency-key';
import { IdempotencyKeyInUse, IdempotencyKeyReused } from './idempotency.errors';
import { IdempotencyRepository, KeyHold, KeyId, NewKey } from './idempotency.repository';

/** How long a key is kept (and honoured) after its first use. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** How often one request goes round after losing a race for its key before answering 409. */
const ROUNDS = 5;

export interface IdempotentRequest {
  userId: number;
  /** A valid `Idempotency-Key` (see `parseIdempotencyKey`). */
  key: string;
  /** `requestFingerprint(...)` of what the request asks for. */
  fingerprint: string;
}

/**
 * The work a key guards, as its owner (the feature module) describes it. The response must
 * be JSON: it is stored and sent again on a replay.
 */
export interface IdempotentOperation<T> {
  /**
   * Does the work with the resource id reserved for the key, and calls `complete` inside the
   * transaction that commits it: the resource and the completed key are committed together,
   * or neither is. `complete` throws (rolling the transaction back) if the key was taken
   * over meanwhile; the request then finds out what happened and answers accordingly.
   */
  perform(
    resourceId: string,
    complete: (manager: EntityManager, response: T) => Promise<void>,
  ): Promise<T>;
  /**
   * The response for the resource with this id if it exists, else null. Asked only when a
   * request takes over a key whose holder disappeared, in case the work was done.
   */
  findDone(resourceId: string): Promise<T | null>;
}

export interface IdempotentResult<T> {
  response: T;
  /** Whether the response is that of an earlier request with the same key. */
  replayed: boolean;
}

type Claim =
  { kind: 'replay'; response: string } | { kind: 'hold'; hold: KeyHold; takenOver: boolean };

/** The key changed hands while this request held it: it must not commit. */
class KeyNoLongerHeld extends Error {}

/**
 * Runs an operation at most once per user and `Idempotency-Key` within 24 hours, however
 * many requests carry the key, on however many instances:
 *
 * 1. The key is stored as pending with a reserved resource id and a lease, in one
 *    autocommitted INSERT; the primary key (user, key hash) lets one request win. The others
 *    read the row: another body is 422, a completed key replays its response, a live lease
 *    is 409 with `Retry-After`, and a lease that ran out (its server died) is taken over by
 *    one conditional UPDATE that raises the attempt number.
 * 2. The operation runs with the reserved id and completes the key in its own transaction,
 *    on the condition that the key is still held by this resource id and attempt (a fencing
 *    token): a request that lost its lease cannot commit.
 * 3. If the operation fails, the key is released (deleted if still pending and held), so a
 *    retry need not wait for the lease; the operation's transaction committed nothing. If
 *    the key was no longer held, the request looks again and answers as a repeat would. So
 *    is a key this request may have stored in phase 1 when the database failed before
 *    saying whether it had.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');
  private readonly leaseMs: number;

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly transactions: TransactionRunner,
    private readonly clock: Clock,
    @Inject(serverConfig.KEY) config: ServerConfig,
  ) {
    // A request runs at most this long before the client is answered 503.
    this.leaseMs = config.http.requestTimeoutMs;
  }

  async run<T>(
    request: IdempotentRequest,
    operation: IdempotentOperation<T>,
  ): Promise<IdempotentResult<T>> {
    const id: KeyId = { userId: request.userId, keyHash: hashIdempotencyKey(request.key) };
    for (let round = 1; round <= ROUNDS; round++) {
      const claim = await this.claim(id, request.fingerprint);
      if (claim.kind === 'replay') {
        return { response: JSON.parse(claim.response) as T, replayed: true };
      }
      const { hold } = claim;
      try {
        if (claim.takenOver) {
          // The dead holder may have done the work without completing the key.
          const done = await operation.findDone(hold.resourceId);
          if (done !== null) {
            const completed = await this.transactions.exclusive((manager) =>
              this.keys.complete(manager, hold, JSON.stringify(done), this.clock.now()),
            );
            if (completed) return { response: done, replayed: true };
            continue;
          }
        }
        const response = await operation.perform(hold.resourceId, async (manager, result) => {
          const completed = await this.keys.complete(
            manager,
            hold,
            JSON.stringify(result),
            this.clock.now(),
          );
          if (!completed) throw new KeyNoLongerHeld();
        });
        return { response, replayed: false };
      } catch (error) {
        if (error instanceof KeyNoLongerHeld) continue;
        // Still held: released, and the failure is the answer. Taken over or completed by
        // another request meanwhile (whose work may be what made this one fail, as a
        // duplicate of the reserved id): this request answers with that one's outcome.
        if ((await this.release(hold)) === 'not-held') continue;
        throw error;
      }
    }
    throw new IdempotencyKeyInUse(1);
  }

  /**
   * Phase 1: stores the key as pending, or settles what to do about the row already there.
   * One turn on SQLite; on MySQL each statement commits on its own.
   *
   * A write whose answer never came (the node died after committing it, or the connection
   * broke on the way back) may have stored the key as pending for a whole lease with no
   * request working on it: the client's retry would be told to wait. Its resource id is new,
   * so nobody else holds it: it is released before the failure is answered.
   */
  private async claim(id: KeyId, fingerprint: string): Promise<Claim> {
    let written: KeyHold | undefined;
    try {
      return await this.transactions.exclusive(async (manager) => {
        for (let round = 1; round <= ROUNDS; round++) {
          try {
            const claim = await this.tryClaim(manager, id, fingerprint, (hold) => {
              written = hold;
            });
            if (claim) return claim;
          } catch (error) {
            // A multi-primary cluster reports a lost certification race as a deadlock.
            if (!isRetryableConflict(error)) throw error;
          }
        }
        throw new IdempotencyKeyInUse(1);
      });
    } catch (error) {
      if (
        written !== undefined &&
        isDatabaseUnavailable(error) &&
        (await this.release(written)) === 'released'
      ) {
        this.logger.warn('released an idempotency key stored just before the database failed');
      }
      throw error;
    }
  }

  /** One try; null when the row changed under it and the caller should look again. */
  private async tryClaim(
    manager: EntityManager,
    id: KeyId,
    fingerprint: string,
    writing: (hold: KeyHold) => void,
  ): Promise<Claim | null> {
    const now = this.clock.now();
    const fresh: NewKey = {
      ...id,
      fingerprint,
      resourceId: randomUUID(),
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    };
    const held = (resourceId: string, attempt: number, takenOver: boolean): Claim => ({
      kind: 'hold',
      hold: { ...id, resourceId, attempt },
      takenOver,
    });
    writing({ ...id, resourceId: fresh.resourceId, attempt: 1 });
    if (await this.keys.insertIfAbsent(manager, fresh)) return held(fresh.resourceId, 1, false);

    const stored = await this.keys.find(manager, id);
    const decision = decide(stored, fingerprint, now);
    switch (decision.action) {
      case 'insert-again':
        return null;
      case 'reclaim':
        writing({ ...id, resourceId: fresh.resourceId, attempt: stored!.attempt + 1 });
        return (await this.keys.reclaimExpired(manager, fresh, stored!.attempt, now))
          ? held(fresh.resourceId, stored!.attempt + 1, false)
          : null;
      case 'reject-other-request':
        throw new IdempotencyKeyReused();
      case 'replay':
        return { kind: 'replay', response: decision.response };
      case 'wait':
        throw new IdempotencyKeyInUse(decision.retryAfterSeconds);
      case 'take-over':
        return (await this.keys.takeOver(manager, id, stored!.attempt, fresh.leaseUntil, now))
          ? held(stored!.resourceId, stored!.attempt + 1, true)
          : null;
    }
  }

  /**
   * Lets a retry start at once. When the database cannot be reached (the failure was likely
   * that) or the delete kept conflicting, the release is tried again, with growing pauses, until it lands or the lease runs
   * out anyway: otherwise the client's retry after a short outage (a Galera failover) would
   * find the key still held and wait out the whole lease. The failed request is answered once
   * the key is released (or the request deadline answers it first).
   */
  private async release(hold: KeyHold): Promise<'released' | 'not-held' | 'failed'> {
    const leaseEnds = this.clock.now().getTime() + this.leaseMs;
    for (let pauseMs = 100; ; pauseMs = Math.min(pauseMs * 2, 2000)) {
      try {
        const released = await this.transactions.exclusive((manager) =>
          this.keys.release(manager, hold),
        );
        return released ? 'released' : 'not-held';
      } catch (error) {
        // A conflict given up on (a cluster busy re-forming) is worth another try as well.
        const passing = isDatabaseUnavailable(error) || error instanceof WriteConflict;
        if (!passing || this.clock.now().getTime() + pauseMs >= leaseEnds) {
          this.logger.warn(
            `could not release an idempotency key after a failure: ${error instanceof Error ? error.message : String(error)}`,
          );
          return 'failed';
        }
        await sleep(pauseMs);
      }
    }
  }
}
