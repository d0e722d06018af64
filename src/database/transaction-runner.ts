import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { DataSource, EntityManager } from 'typeorm';

/** MySQL's answer when it broke a lock cycle by rolling back our transaction. */
const isDeadlock = (error: unknown): boolean => {
  const driverError = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  return driverError?.code === 'ER_LOCK_DEADLOCK';
};

const ATTEMPTS = 4;

/**
 * Runs work in one database transaction. SQLite has a single connection shared by every
 * request, so there transactions take turns: otherwise one request's statements would run
 * inside another request's open transaction. On MySQL, concurrent transactions that insert
 * into the same index gaps (e.g. sibling folders) can deadlock; MySQL rolls one back, and it
 * is run again (the work must be safe to repeat: it is one transaction that left nothing).
 */
@Injectable()
export class TransactionRunner {
  private readonly sqliteTurn = new Mutex();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.runExclusive(() => this.dataSource.transaction(work));
    }
    return this.withDeadlockRetry(() => this.dataSource.transaction(work));
  }

  private async withDeadlockRetry<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!isDeadlock(error) || tries === ATTEMPTS) throw error;
        // A short random pause so the same transactions do not collide again at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * tries));
      }
    }
  }
}
