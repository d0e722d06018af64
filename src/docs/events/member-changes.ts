import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { MemberChange } from './doc-events';

/** Runs in the sharing transaction: what it writes commits or rolls back with the change. */
export type MemberChangeListener = (manager: EntityManager, change: MemberChange) => Promise<void>;

/**
 * Sharing announces each member added or removed to whoever listens (the webhooks' outbox),
 * inside its transaction, so sharing needs to know none of them.
 */
@Injectable()
export class MemberChanges {
  private readonly listeners: MemberChangeListener[] = [];

  listen(listener: MemberChangeListener): void {
    this.listeners.push(listener);
  }

  async announce(manager: EntityManager, change: MemberChange): Promise<void> {
    for (const listener of this.listeners) await listener(manager, change);
  }
}
