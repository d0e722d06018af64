import { createConnection, Connection } from 'mysql2/promise';
import { TransactionRunner } from '../../src/database/transaction-runner';
import { startTestApp, TestApp } from '../support/test-app';

/** A read inside one of the service's transactions, before and after another session commits. */
async function readAround(
  run: (
    work: (manager: { query(sql: string): Promise<unknown> }) => Promise<number[]>,
  ) => Promise<number[]>,
  other: Connection,
  value: number,
): Promise<number[]> {
  const read = async (manager: { query(sql: string): Promise<unknown> }) => {
    const [row] = (await manager.query('SELECT n FROM isolation_probe WHERE id = 1')) as {
      n: number;
    }[];
    return row.n;
  };
  return run(async (manager) => {
    const before = await read(manager);
    await other.query('UPDATE isolation_probe SET n = ? WHERE id = 1', [value]);
    return [before, await read(manager)];
  });
}

describe('MySQL transactions of the service', () => {
  let test: TestApp;
  let other: Connection;
  let transactions: TransactionRunner;

  beforeAll(async () => {
    test = await startTestApp();
    transactions = test.app.get(TransactionRunner);
    other = await createConnection({ uri: process.env.DATABASE_URL! });
    await other.query('CREATE TABLE isolation_probe (id INT PRIMARY KEY, n INT NOT NULL)');
    await other.query('INSERT INTO isolation_probe VALUES (1, 1)');
  });
  afterAll(async () => {
    await other?.end();
    await test?.close();
  });

  it('a write transaction is READ COMMITTED (whatever the server default): it reads what another session committed meanwhile', async () => {
    expect(await readAround((work) => transactions.run(work), other, 2)).toEqual([1, 2]);
  });

  it('a snapshot reads one moment: not what another session committed meanwhile', async () => {
    expect(await readAround((work) => transactions.snapshot(work), other, 3)).toEqual([2, 2]);
  });
});
