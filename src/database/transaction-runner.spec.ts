import { DataSource, EntityManager } from 'typeorm';
import { DEADLOCK_ATTEMPTS, isDeadlock, TransactionRunner } from './transaction-runner';

const deadlock = () =>
  Object.assign(new Error('Deadlock found'), {
    driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 },
  });

function runnerOn(type: string, transaction: jest.Mock) {
  const dataSource = { options: { type }, transaction, manager: {} } as unknown as DataSource;
  return new TransactionRunner(dataSource);
}

describe('TransactionRunner', () => {
  it('recognises InnoDB deadlock errors only', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(new Error('other'))).toBe(false);
    expect(isDeadlock({ driverError: { code: 'ER_DUP_ENTRY', errno: 1062 } })).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });

  it('runs a MySQL transaction again after a deadlock, at READ COMMITTED', async () => {
    const transaction = jest
      .fn()
      .mockRejectedValueOnce(deadlock())
      .mockRejectedValueOnce(deadlock())
      .mockResolvedValueOnce('done');
    const runner = runnerOn('mariadb', transaction);
    await expect(runner.run(() => Promise.resolve('work'))).resolves.toBe('done');
    expect(transaction).toHaveBeenCalledTimes(3);
    expect(transaction.mock.calls[0][0]).toBe('READ COMMITTED');
  });

  it(`gives up after ${DEADLOCK_ATTEMPTS} deadlocks, and at once on other errors`, async () => {
    const always = jest.fn().mockRejectedValue(deadlock());
    await expect(runnerOn('mysql', always).run(() => Promise.resolve())).rejects.toThrow(
      'Deadlock found',
    );
    expect(always).toHaveBeenCalledTimes(DEADLOCK_ATTEMPTS);

    const failing = jest.fn().mockRejectedValue(new Error('duplicate'));
    await expect(runnerOn('mysql', failing).run(() => Promise.resolve())).rejects.toThrow(
      'duplicate',
    );
    expect(failing).toHaveBeenCalledTimes(1);
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
