import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SharingChange } from './doc-events';

/** Runs in the sharing transaction: what it writes commits or rolls back with the change. */
export type SharingChangeListener = (
  manager: EntityManager,
  change: SharingChange,
) => Promise<void>;

/**
 * Sharing announces each change of who has a document (a member added or removed, a group's
 * share, a folder's share) to whoever listens (the webhooks' outbox), inside its transaction,
 * so sharing needs to know none of them.
 */
@Injectable()
export class SharingChanges {
  private readonly listeners: SharingChangeListener[] = [];

  listen(listener: SharingChangeListener): void {
    this.listeners.push(listener);
  }

  async announce(manager: EntityManager, change: SharingChange): Promise<void> {
    for (const listener of this.listeners) await listener(manager, change);
  }
}
