import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The turn on SQLite's one connection, which every request shares. A transaction (and a write
 * outside one) holds the turn from its first statement to its last; any other statement run
 * meanwhile would run inside that open transaction, and read what it has not committed and
 * may still roll back. So a statement outside the turn waits until no one holds it
 * (`heldByAnother`), and work inside the turn (same async context) runs at once.
 */
@Injectable()
export class SqliteTurn {
  private readonly mutex = new Mutex();
  private readonly holder = new AsyncLocalStorage<true>();

  /** Runs `work` once every earlier turn has ended, as the only user of the connection. */
  take<T>(work: () => Promise<T>): Promise<T> {
    return this.mutex.runExclusive(() => this.holder.run(true, work));
  }

  /** Whether a turn is held by work other than the caller's (which must then wait for it). */
  heldByAnother(): boolean {
    return this.mutex.isLocked() && this.holder.getStore() === undefined;
  }

  /** Resolves when the turn is next free. */
  released(): Promise<void> {
    return this.mutex.waitForUnlock();
  }
}
