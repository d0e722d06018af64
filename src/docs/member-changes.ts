import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Role } from './entities/user-doc.entity';

/** A user added to a document or removed from it, by whom. */
export interface MemberChange {
  kind: 'added' | 'removed';
  docId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: Role;
  /** Who added or removed them: the owner, or the member leaving. */
  actorId: number;
}

/** Runs in the sharing transaction: what it writes commits or rolls back with the change. */
export type MemberChangeListener = (manager: EntityManager, change: MemberChange) => Promise<void>;

/**
 * Sharing announces each member added or removed to whoever listens (the webhooks' outbox),
 * inside its transaction, so `docs` needs to know none of them.
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
