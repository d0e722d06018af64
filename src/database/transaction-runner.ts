import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one database transaction. SQLite has a single connection shared by every
 * request, so there transactions take turns: otherwise one request's statements would run
 * inside another request's open transaction. A write that is a single statement needs no
 * transaction but still takes its turn on SQLite (`exclusive`).
 */
@Injectable()
export class TransactionRunner {
  private readonly sqliteTurn = new Mutex();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.runExclusive(() => this.dataSource.transaction(work));
    }
    return this.dataSource.transaction(work);
  }

  /** Runs work outside a transaction; on SQLite only once no transaction is open. */
  exclusive<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      return this.sqliteTurn.runExclusive(() => work(this.dataSource.manager));
    }
    return work(this.dataSource.manager);
  }
}
