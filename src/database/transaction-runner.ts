import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import { isRetryableConflict, WriteConflict } from './database-errors';
import { SqliteTurn } from './sqlite-turn';

/** Work to do once a transaction has committed (see `TransactionRunner.afterCommit`). */
type AfterCommit = () => Promise<void>;

/** How often a MySQL write is run in all before a conflict is answered with WriteConflict. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `attempt` again (after a short random pause) while it fails with a conflict the server
 * rolled back: an InnoDB deadlock, or a Galera certification failure. Gives up after
 * `attempts` runs with WriteConflict (HTTP 503, Retry-After); other errors pass at once.
 * Only for work that is safe to repeat: one transaction, or one autocommit statement.
 */
export async function retryConflicts<T>(
  attempt: () => Promise<T>,
  attempts = CONFLICT_ATTEMPTS,
): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (run >= attempts) throw new WriteConflict(error);
      await sleep(Math.random() * 10 * run);
    }
  }
}

/**
 * Runs work in one database transaction. SQLite has a single connection shared by every
 * request, so there transactions take turns: otherwise one request's statements would run
 * inside another request's open transaction. A write that is a single statement needs no
 * transaction but still takes its turn on SQLite (`exclusive`).
 *
 * On MySQL, transactions are READ COMMITTED: a write's INSERT ... SELECT then reads the latest
 * committed rows without locking them. Concurrent transactions inserting the same new rows (a
 * folder chain) can still deadlock, and on a Galera cluster concurrent writes through two
 * nodes fail certification at COMMIT; either way the server rolls one back, and it is run
 * again from the start (`retryConflicts`). Work must therefore be safe to repeat (it is: every
 * write happens inside it).
 */
@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger(TransactionRunner.name);
  /** The work each open transaction will do once it has committed, by its manager. */
  private readonly pendingAfterCommit = new WeakMap<EntityManager, AfterCommit[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly sqliteTurn: SqliteTurn,
  ) {}

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const afterCommit: AfterCommit[] = [];
    const attempt = async (manager: EntityManager) => {
      afterCommit.length = 0; // a run rolled back by a conflict leaves nothing to do
      this.pendingAfterCommit.set(manager, afterCommit);
      try {
        return await work(manager);
      } finally {
        // SQLite's transactions share one manager: the next must not find this one's list.
        this.pendingAfterCommit.delete(manager);
      }
    };
    const result =
      this.dataSource.options.type === 'better-sqlite3'
        ? await this.sqliteTurn.take(() => this.dataSource.transaction(attempt))
        : // READ COMMITTED: every MySQL session's level (MYSQL_SESSION_SETUP).
          await retryConflicts(() => this.dataSource.transaction(attempt));
    for (const task of afterCommit) {
      // The change is committed and will be answered as done: what follows it may only be
      // work whose loss costs nothing but time (a count that stays an estimate).
      await task().catch((error: unknown) =>
        this.logger.warn(`work after a commit failed: ${String(error)}`),
      );
    }
    return result;
  }

  /**
   * Runs `task` once the transaction `manager` belongs to (one of `run`) has committed, before
   * `run` returns; never if it rolls back. The task runs outside the transaction and its
   * turn: its statements take their own (`exclusive`). For work that must not hold locks in
   * the transaction, such as counts many concurrent writes share.
   */
  afterCommit(manager: EntityManager, task: AfterCommit): void {
    const pending = this.pendingAfterCommit.get(manager);
    if (!pending) throw new Error('afterCommit needs a transaction of TransactionRunner.run');
    pending.push(task);
  }

  /**
   * Runs work outside a transaction but on one connection throughout, for statements that read
   * what an earlier one left in the session (`LAST_INSERT_ID()`); on SQLite as `exclusive`.
   * Work rolled back by a conflict is run again, so its first statement must be its only write.
   */
  async oneConnection<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') return this.exclusive(work);
    return retryConflicts(async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        return await work(runner.manager);
      } finally {
        await runner.release();
      }
    });
  }

  /**
   * Runs reads that must all see one moment of the database. MySQL: a read-only transaction
   * with a consistent snapshot, in REPEATABLE READ whatever the server's default (only that
   * level keeps one snapshot for the whole transaction). SQLite: a turn of its own, so no
   * other request's transaction is open and no write runs between the reads.
   */
  async snapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') return this.exclusive(work);
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await runner.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
      try {
        return await work(runner.manager);
      } finally {
        // Nothing was written: ending the transaction either way is the same.
        await runner.query('ROLLBACK').catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs one write statement outside a transaction; on SQLite only once no transaction is
   * open. On MySQL a statement rolled back by a conflict (Galera certifies autocommit
   * statements too) is run again like a transaction, up to `attempts` runs in all.
   */
  exclusive<T>(
    work: (manager: EntityManager) => Promise<T>,
    attempts = CONFLICT_ATTEMPTS,
  ): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.take(() => work(this.dataSource.manager));
    }
    return retryConflicts(() => work(this.dataSource.manager), attempts);
  }
}
