import { EntityManager } from 'typeorm';

/** Runs in the transaction of a change: what it writes commits or rolls back with the change. */
export type ChangeListener<Change> = (manager: EntityManager, change: Change) => Promise<void>;

/**
 * Announces one kind of change, inside its transaction, to whoever listens (the webhooks'
 * outbox), in the order they listened: the feature that changes needs to know none of them.
 */
export class ChangeAnnouncer<Change> {
  private readonly listeners: ChangeListener<Change>[] = [];

  listen(listener: ChangeListener<Change>): void {
    this.listeners.push(listener);
  }

  async announce(manager: EntityManager, change: Change): Promise<void> {
    for (const listener of this.listeners) await listener(manager, change);
  }
}
