import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';

/** How often a MySQL transaction chosen as a deadlock victim is run again before giving up. */
export const DEADLOCK_ATTEMPTS = 5;

/** Whether an error is InnoDB rolling a transaction back to break a deadlock. */
export function isDeadlock(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; errno?: number } })?.driverError;
  return driverError?.code === 'ER_LOCK_DEADLOCK' || driverError?.errno === 1213;
}

/**
 * Runs work in one database transaction. SQLite has a single connection shared by every
 * request, so there transactions take turns: otherwise one request's statements would run
 * inside another request's open transaction. A write that is a single statement needs no
 * transaction but still takes its turn on SQLite (`exclusive`).
 *
 * On MySQL, transactions are READ COMMITTED: a write's INSERT ... SELECT then reads the latest
 * committed rows without locking them. Concurrent transactions inserting the same new rows (a
 * folder chain) can still deadlock; InnoDB then rolls one back, and it is run again from the
 * start. Work must therefore be safe to repeat (it is: every write happens inside it).
 */
@Injectable()
export class TransactionRunner {
  private readonly sqliteTurn = new Mutex();

  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.runExclusive(() => this.dataSource.transaction(work));
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction('READ COMMITTED', work);
      } catch (error) {
        if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
        await sleep(Math.random() * 5 * attempt);
      }
    }
  }

  /**
   * Runs work outside a transaction but on one connection throughout, for statements that read
   * what an earlier one left in the session (`LAST_INSERT_ID()`); on SQLite as `exclusive`.
   */
  async oneConnection<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') return this.exclusive(work);
    const runner = this.dataSource.createQueryRunner();
    try {
      return await work(runner.manager);
    } finally {
      await runner.release();
    }
  }

  /** Runs work outside a transaction; on SQLite only once no transaction is open. */
  exclusive<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.runExclusive(() => work(this.dataSource.manager));
    }
    return work(this.dataSource.manager);
  }
}
