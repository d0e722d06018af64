import { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { ServerConfig } from '../config/server.config';
import { WriteConflict } from '../database/database-errors';
import { TransactionRunner } from '../database/transaction-runner';
import { hashIdempotencyKey } from './idempotency-key';
import { IdempotencyKeyInUse, IdempotencyKeyReused } from './idempotency.errors';
import { IdempotencyRepository, KeyHold, KeyId, NewKey, StoredKey } from './idempotency.repository';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IdempotencyService,
  IdempotentOperation,
} from './idempotency.service';

const LEASE_MS = 30_000;
const USER = 7;
const KEY = 'retry-me';
const PRINT = 'f'.repeat(64);
const ID: KeyId = { userId: USER, keyHash: hashIdempotencyKey(KEY) };
const manager = {} as EntityManager;

/** Runs `work` as a statement would: its result or its error arrive asynchronously. */
const settle = <T>(work: () => T): Promise<T> => Promise.resolve().then(work);

/**
 * The repository's conditional statements over a map, with a hook to let "another request"
 * act between two of this request's statements.
 */
class FakeKeys {
  readonly rows = new Map<string, StoredKey>();
  beforeNext: Partial<Record<keyof IdempotencyRepository, () => void>> = {};

  private hook(name: keyof IdempotencyRepository) {
    const hook = this.beforeNext[name];
    delete this.beforeNext[name];
    hook?.();
  }

  row(id: KeyId = ID): StoredKey | undefined {
    return this.rows.get(`${id.userId}/${id.keyHash}`);
  }

  put(fields: Partial<StoredKey>, id: KeyId = ID): StoredKey {
    const row: StoredKey = {
      fingerprint: PRINT,
      resourceId: 'reserved-0',
      attempt: 1,
      leaseUntil: null,
      response: null,
      completedAt: null,
      expiresAt: new Date(8_640_000_000_000),
      ...fields,
    };
    this.rows.set(`${id.userId}/${id.keyHash}`, row);
    return row;
  }

  insertIfAbsent = jest.fn((_m: EntityManager, key: NewKey) =>
    settle(() => {
      this.hook('insertIfAbsent');
      if (this.row(key)) return false;
      this.put({ ...key, attempt: 1 }, key);
      return true;
    }),
  );

  find = jest.fn((_m: EntityManager, id: KeyId) =>
    settle(() => {
      this.hook('find');
      const row = this.row(id);
      return row ? { ...row } : null;
    }),
  );

  reclaimExpired = jest.fn((_m: EntityManager, key: NewKey, seen: number, now: Date) =>
    settle(() => {
      this.hook('reclaimExpired');
      const row = this.row(key);
      if (!row || row.attempt !== seen || row.expiresAt > now) return false;
      this.put({ ...key, attempt: seen + 1 }, key);
      return true;
    }),
  );

  takeOver = jest.fn((_m: EntityManager, id: KeyId, seen: number, leaseUntil: Date, now: Date) =>
    settle(() => {
      this.hook('takeOver');
      const row = this.row(id);
      if (!row || row.attempt !== seen || row.completedAt || (row.leaseUntil ?? now) > now) {
        return false;
      }
      Object.assign(row, { attempt: seen + 1, leaseUntil });
      return true;
    }),
  );

  private held(hold: KeyHold): StoredKey | undefined {
    const row = this.row(hold);
    return row &&
      row.resourceId === hold.resourceId &&
      row.attempt === hold.attempt &&
      !row.completedAt
      ? row
      : undefined;
  }

  complete = jest.fn((_m: EntityManager, hold: KeyHold, response: string, at: Date) =>
    settle(() => {
      this.hook('complete');
      const row = this.held(hold);
      if (!row) return false;
      Object.assign(row, { completedAt: at, leaseUntil: null, response });
      return true;
    }),
  );

  release = jest.fn((_m: EntityManager, hold: KeyHold) =>
    settle(() => {
      this.hook('release');
      if (!this.held(hold)) return false;
      this.rows.delete(`${hold.userId}/${hold.keyHash}`);
      return true;
    }),
  );
}

/** A create-like operation: it "commits" the resource only if `complete` succeeds. */
function operation(done: Map<string, { uuid: string }> = new Map()) {
  type Op = IdempotentOperation<{ uuid: string }>;
  const performed: string[] = [];
  const perform = jest.fn<ReturnType<Op['perform']>, Parameters<Op['perform']>>(
    async (resourceId, complete) => {
      performed.push(resourceId);
      const response = { uuid: resourceId };
      await complete(manager, response);
      done.set(resourceId, response);
      return response;
    },
  );
  const findDone = jest.fn((resourceId: string) => settle(() => done.get(resourceId) ?? null));
  return { performed, perform, findDone };
}

describe('IdempotencyService', () => {
  let keys: FakeKeys;
  let now: number;
  let service: IdempotencyService;
  const request = (fingerprint = PRINT) => ({ userId: USER, key: KEY, fingerprint });

  beforeEach(() => {
    keys = new FakeKeys();
    now = Date.parse('2031-01-01T00:00:00.000Z');
    const clock = { now: () => new Date(now) } as Clock;
    const transactions = {
      exclusive: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
    } as TransactionRunner;
    const config = { http: { requestTimeoutMs: LEASE_MS } } as ServerConfig;
    service = new IdempotencyService(
      keys as unknown as IdempotencyRepository,
      transactions,
      clock,
      config,
    );
  });

  it('runs the operation once with the reserved id; a repeat replays its response', async () => {
    const op = operation();
    const first = await service.run(request(), op);
    expect(first).toEqual({ response: { uuid: op.performed[0] }, replayed: false });
    expect(keys.row()).toMatchObject({
      fingerprint: PRINT,
      resourceId: op.performed[0],
      attempt: 1,
      leaseUntil: null,
      response: JSON.stringify(first.response),
      expiresAt: new Date(now + IDEMPOTENCY_KEY_TTL_MS),
    });
    expect(await service.run(request(), op)).toEqual({ response: first.response, replayed: true });
    expect(op.perform).toHaveBeenCalledTimes(1);
  });

  it('refuses the key with another request body, and leaves the key as it was', async () => {
    await service.run(request(), operation());
    const before = { ...keys.row() };
    await expect(service.run(request('0'.repeat(64)), operation())).rejects.toThrow(
      IdempotencyKeyReused,
    );
    expect(keys.row()).toEqual(before);
  });

  it('answers "in use" with the seconds left on the lease while the first request runs', async () => {
    keys.put({ leaseUntil: new Date(now + 12_345) });
    const op = operation();
    const error = await service.run(request(), op).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdempotencyKeyInUse);
    expect(error).toMatchObject({ retryAfterSeconds: 13 });
    expect(op.perform).not.toHaveBeenCalled();
  });

  it('takes over a key whose lease ran out and creates with the reserved id', async () => {
    keys.put({ resourceId: 'reserved-1', leaseUntil: new Date(now - 1) });
    const op = operation();
    expect(await service.run(request(), op)).toEqual({
      response: { uuid: 'reserved-1' },
      replayed: false,
    });
    expect(op.findDone).toHaveBeenCalledWith('reserved-1');
    expect(keys.row()).toMatchObject({ attempt: 2, completedAt: new Date(now) });
  });

  it('after a takeover, replays the work its dead holder had already done', async () => {
    keys.put({ resourceId: 'reserved-1', leaseUntil: new Date(now - 1) });
    const op = operation(new Map([['reserved-1', { uuid: 'reserved-1' }]]));
    expect(await service.run(request(), op)).toEqual({
      response: { uuid: 'reserved-1' },
      replayed: true,
    });
    expect(op.perform).not.toHaveBeenCalled();
    expect(keys.row()).toMatchObject({ attempt: 2, response: '{"uuid":"reserved-1"}' });
  });

  it('releases the key when the operation fails, so a retry starts at once', async () => {
    const failing = operation();
    failing.perform.mockRejectedValue(new Error('database went away'));
    await expect(service.run(request(), failing)).rejects.toThrow('database went away');
    expect(keys.row()).toBeUndefined();
    const retry = operation();
    expect(await service.run(request(), retry)).toMatchObject({ replayed: false });
    expect(retry.perform).toHaveBeenCalledTimes(1);
  });

  it('a failure after another request took the key over answers as a repeat would', async () => {
    const op = operation();
    op.perform.mockImplementation((resourceId: string) =>
      settle(() => {
        // The taker created the resource with the reserved id and completed the key first.
        Object.assign(keys.row()!, {
          attempt: 2,
          completedAt: new Date(now),
          leaseUntil: null,
          response: JSON.stringify({ uuid: resourceId }),
        });
        throw new Error('duplicate entry for the reserved id');
      }),
    );
    const result = await service.run(request(), op);
    expect(result).toEqual({ response: { uuid: keys.row()!.resourceId }, replayed: true });
  });

  it('still fails with the operation’s error when the release fails too', async () => {
    const failing = operation();
    failing.perform.mockRejectedValue(new Error('first'));
    keys.release.mockRejectedValueOnce(new Error('second'));
    jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined);
    await expect(service.run(request(), failing)).rejects.toThrow('first');
    expect(keys.row()).toMatchObject({ completedAt: null, attempt: 1 });
  });

  it('tries the release again while the database cannot be reached, then fails as the operation did', async () => {
    const failing = operation();
    const unreachable = () =>
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    failing.perform.mockRejectedValue(unreachable());
    keys.release.mockRejectedValueOnce(unreachable()).mockRejectedValueOnce(unreachable());
    await expect(service.run(request(), failing)).rejects.toThrow('connect ECONNREFUSED');
    expect(keys.release).toHaveBeenCalledTimes(3);
    // Released on the third try: a retry starts at once.
    expect(keys.row()).toBeUndefined();
  });

  describe('a key stored in phase 1 whose answer was lost (the node died after committing it)', () => {
    const connectionLost = () =>
      Object.assign(new Error('Connection lost: The server closed the connection.'), {
        code: 'PROTOCOL_CONNECTION_LOST',
        fatal: true,
      });
    beforeEach(() => jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined));

    it('is released before the failure is answered: the retry creates at once', async () => {
      const op = operation();
      keys.insertIfAbsent.mockImplementationOnce((_m: EntityManager, key: NewKey) =>
        settle(() => {
          keys.put({ ...key, attempt: 1, leaseUntil: key.leaseUntil });
          throw connectionLost();
        }),
      );
      await expect(service.run(request(), op)).rejects.toThrow('Connection lost');
      expect(op.perform).not.toHaveBeenCalled();
      expect(keys.row()).toBeUndefined();
      const retry = operation();
      expect(await service.run(request(), retry)).toMatchObject({ replayed: false });
      expect(retry.perform).toHaveBeenCalledTimes(1);
    });

    it('so is a reclaimed expired key, and only the row with its own new reserved id', async () => {
      keys.put({ attempt: 4, expiresAt: new Date(now - 1) });
      keys.reclaimExpired.mockImplementationOnce((_m: EntityManager, key: NewKey, seen: number) =>
        settle(() => {
          keys.put({ ...key, attempt: seen + 1, leaseUntil: key.leaseUntil });
          throw connectionLost();
        }),
      );
      await expect(service.run(request(), operation())).rejects.toThrow('Connection lost');
      expect(keys.release).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ attempt: 5, resourceId: expect.not.stringMatching(/^reserved/) }),
      );
      expect(keys.row()).toBeUndefined();
    });

    it('leaves the row of another request alone: the release matches nothing', async () => {
      // The database failed on the read, after an insert that collided with a live holder.
      keys.put({ resourceId: 'reserved-other', leaseUntil: new Date(now + 20_000) });
      keys.find.mockRejectedValueOnce(connectionLost());
      await expect(service.run(request(), operation())).rejects.toThrow('Connection lost');
      expect(keys.row()).toMatchObject({ resourceId: 'reserved-other', attempt: 1 });
    });

    it('is not released after a failure that is no outage (the statement did not run)', async () => {
      keys.insertIfAbsent.mockRejectedValueOnce(new Error('syntax error'));
      await expect(service.run(request(), operation())).rejects.toThrow('syntax error');
      expect(keys.release).not.toHaveBeenCalled();
    });
  });

  it('tries the release again when it kept conflicting (a cluster re-forming)', async () => {
    const failing = operation();
    failing.perform.mockRejectedValue(new Error('database went away'));
    keys.release.mockRejectedValueOnce(new WriteConflict(new Error('deadlock')));
    await expect(service.run(request(), failing)).rejects.toThrow('database went away');
    expect(keys.release).toHaveBeenCalledTimes(2);
    expect(keys.row()).toBeUndefined();
  });

  describe('a request whose key was taken over while it worked (its lease ran out)', () => {
    /** Another request takes the key over just before this one tries to commit. */
    function takenOverBeforeCommit(fields: Partial<StoredKey> = {}) {
      keys.beforeNext.complete = () => {
        now += LEASE_MS;
        Object.assign(keys.row()!, { attempt: 2, leaseUntil: new Date(now + LEASE_MS) }, fields);
      };
    }

    it('cannot commit, and answers "in use" while the taker runs', async () => {
      const done = new Map<string, { uuid: string }>();
      takenOverBeforeCommit();
      const slow = operation(done);
      await expect(service.run(request(), slow)).rejects.toThrow(IdempotencyKeyInUse);
      expect(slow.performed).toHaveLength(1);
      expect(done.size).toBe(0);
      // Its failed commit released nothing: the taker's hold stands.
      expect(keys.row()).toMatchObject({ attempt: 2, completedAt: null });
    });

    it('replays the taker’s response once the taker has completed', async () => {
      takenOverBeforeCommit({ completedAt: new Date(now), leaseUntil: null });
      keys.beforeNext.find = () =>
        Object.assign(keys.row()!, { response: JSON.stringify({ uuid: keys.row()!.resourceId }) });
      const done = new Map<string, { uuid: string }>();
      const slow = operation(done);
      const result = await service.run(request(), slow);
      expect(result).toEqual({ response: { uuid: slow.performed[0] }, replayed: true });
      expect(done.size).toBe(0);
    });
  });

  it('inserts again when the row it collided with is gone by the time it reads it', async () => {
    keys.put({ leaseUntil: new Date(now + 1000) });
    keys.beforeNext.find = () => keys.rows.clear();
    const op = operation();
    expect(await service.run(request(), op)).toMatchObject({ replayed: false });
    expect(keys.insertIfAbsent).toHaveBeenCalledTimes(2);
  });

  it('lets only one of two takers have the key; the other sees the winner’s lease', async () => {
    keys.put({ leaseUntil: new Date(now - 1) });
    keys.beforeNext.takeOver = () =>
      Object.assign(keys.row()!, { attempt: 2, leaseUntil: new Date(now + LEASE_MS) });
    const op = operation();
    await expect(service.run(request(), op)).rejects.toThrow(IdempotencyKeyInUse);
    expect(op.perform).not.toHaveBeenCalled();
  });

  it('starts an expired key afresh, for another body too, with a new reserved id', async () => {
    keys.put({
      fingerprint: '0'.repeat(64),
      resourceId: 'old',
      attempt: 3,
      completedAt: new Date(now - IDEMPOTENCY_KEY_TTL_MS),
      response: '{"uuid":"old"}',
      expiresAt: new Date(now),
    });
    const op = operation();
    const result = await service.run(request(), op);
    expect(result.replayed).toBe(false);
    expect(result.response.uuid).not.toBe('old');
    expect(keys.row()).toMatchObject({ fingerprint: PRINT, attempt: 4 });
  });

  it('tries again after a deadlock (a lost certification race on a cluster)', async () => {
    const deadlock = Object.assign(new Error('Deadlock found'), {
      driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 },
    });
    keys.insertIfAbsent.mockRejectedValueOnce(deadlock);
    expect(await service.run(request(), operation())).toMatchObject({ replayed: false });
    expect(keys.insertIfAbsent).toHaveBeenCalledTimes(2);
  });

  it('keeps keys of different users apart', async () => {
    await service.run(request(), operation());
    const other = await service.run({ ...request(), userId: USER + 1 }, operation());
    expect(other.replayed).toBe(false);
    expect(keys.rows.size).toBe(2);
  });
});
