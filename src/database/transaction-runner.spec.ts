import { DataSource, EntityManager } from 'typeorm';
import { WriteConflict } from './database-errors';
import { SqliteTurn } from './sqlite-turn';
import { CONFLICT_ATTEMPTS, retryConflicts, TransactionRunner } from './transaction-runner';

const conflict = () =>
  Object.assign(new Error('Deadlock found'), {
    driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213, sqlState: '40001' },
  });

function runnerOn(type: string, transaction: jest.Mock) {
  const manager = {} as EntityManager;
  const dataSource = { options: { type }, transaction, manager } as unknown as DataSource;
  return new TransactionRunner(dataSource, new SqliteTurn());
}

describe('retryConflicts', () => {
  it('runs the work again after conflicts and returns its result', async () => {
    const work = jest
      .fn()
      .mockRejectedValueOnce(conflict())
      .mockRejectedValueOnce(conflict())
      .mockResolvedValueOnce('done');
    await expect(retryConflicts(work)).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(3);
  });

  it(`gives up after ${CONFLICT_ATTEMPTS} conflicts with WriteConflict (503)`, async () => {
    const always = jest.fn().mockRejectedValue(conflict());
    const error = await retryConflicts(always).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteConflict);
    expect((error as WriteConflict).cause).toMatchObject({ message: 'Deadlock found' });
    expect(always).toHaveBeenCalledTimes(CONFLICT_ATTEMPTS);
  });

  it('passes other errors on at once', async () => {
    const lost = Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' });
    const failing = jest.fn().mockRejectedValue(lost);
    await expect(retryConflicts(failing)).rejects.toBe(lost);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe('TransactionRunner', () => {
  it('runs a MySQL transaction again after a conflict', async () => {
    const transaction = jest
      .fn()
      .mockRejectedValueOnce(conflict())
      .mockRejectedValueOnce(conflict())
      .mockResolvedValueOnce('done');
    const runner = runnerOn('mariadb', transaction);
    await expect(runner.run(() => Promise.resolve('work'))).resolves.toBe('done');
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('gives up on a transaction that keeps conflicting, and at once on other errors', async () => {
    const always = jest.fn().mockRejectedValue(conflict());
    await expect(runnerOn('mysql', always).run(() => Promise.resolve())).rejects.toBeInstanceOf(
      WriteConflict,
    );
    expect(always).toHaveBeenCalledTimes(CONFLICT_ATTEMPTS);

    const failing = jest.fn().mockRejectedValue(new Error('duplicate'));
    await expect(runnerOn('mysql', failing).run(() => Promise.resolve())).rejects.toThrow(
      'duplicate',
    );
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('runs a single MySQL statement again after a conflict (Galera certifies it at commit)', async () => {
    const statement = jest.fn().mockRejectedValueOnce(conflict()).mockResolvedValueOnce(1);
    await expect(runnerOn('mariadb', jest.fn()).exclusive(statement)).resolves.toBe(1);
    expect(statement).toHaveBeenCalledTimes(2);

    const always = jest.fn().mockRejectedValue(conflict());
    await expect(runnerOn('mariadb', jest.fn()).exclusive(always)).rejects.toBeInstanceOf(
      WriteConflict,
    );
    expect(always).toHaveBeenCalledTimes(CONFLICT_ATTEMPTS);
  });

  it('runs work queued after the commit once the transaction has committed, only for the run that did', async () => {
    const order: string[] = [];
    const transaction = jest
      .fn()
      .mockImplementationOnce(async (work: (manager: EntityManager) => Promise<unknown>) => {
        await work({} as EntityManager);
        throw conflict(); // rolled back: what it queued is dropped
      })
      .mockImplementationOnce(async (work: (manager: EntityManager) => Promise<unknown>) => {
        const result = await work({} as EntityManager);
        order.push('commit');
        return result;
      });
    const runner = runnerOn('mariadb', transaction);
    const result = await runner.run((manager) => {
      order.push('work');
      runner.afterCommit(manager, () => {
        order.push('after commit');
        return Promise.resolve();
      });
      return Promise.resolve('done');
    });
    expect(result).toBe('done');
    expect(order).toEqual(['work', 'work', 'commit', 'after commit']);
  });

  it('answers a committed run when the work after its commit fails, and refuses work queued outside a run', async () => {
    const manager = {} as EntityManager;
    const transaction = jest.fn((work: (manager: EntityManager) => Promise<unknown>) =>
      work(manager),
    );
    const runner = runnerOn('better-sqlite3', transaction);
    await expect(
      runner.run((inside) => {
        runner.afterCommit(inside, () => Promise.reject(new Error('count lost')));
        return Promise.resolve('committed');
      }),
    ).resolves.toBe('committed');
    expect(() => runner.afterCommit(manager, () => Promise.resolve())).toThrow(
      'afterCommit needs a transaction of TransactionRunner.run',
    );
  });

  it('on SQLite, runs transactions and single statements one at a time', async () => {
    const order: string[] = [];
    const transaction = jest.fn(async (work: (manager: EntityManager) => Promise<unknown>) =>
      work({} as EntityManager),
    );
    const runner = runnerOn('better-sqlite3', transaction);
    const slow = runner.run(async () => {
      order.push('transaction starts');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('transaction ends');
    });
    const single = runner.exclusive(() => {
      order.push('statement');
      return Promise.resolve();
    });
    await Promise.all([slow, single]);
    expect(order).toEqual(['transaction starts', 'transaction ends', 'statement']);
  });
});
