import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AnnouncedEventType, AnnouncedEvents } from './event-map';

/** Runs in the transaction of a change: what it writes commits or rolls back with the change. */
export type ChangeListener<Type extends AnnouncedEventType> = (
  manager: EntityManager,
  change: AnnouncedEvents[Type],
) => Promise<void>;

/**
 * Announces each change, inside its transaction, to whoever listens for its type (the webhooks'
 * outbox, authentication), in the order they listened: the feature that changes needs to know
 * none of them, and a listener that fails rolls the change back.
 */
@Injectable()
export class ChangeEvents {
  private readonly listeners = new Map<AnnouncedEventType, ChangeListener<never>[]>();

  listen<Type extends AnnouncedEventType>(type: Type, listener: ChangeListener<Type>): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  async announce<Type extends AnnouncedEventType>(
    manager: EntityManager,
    type: Type,
    change: AnnouncedEvents[Type],
  ): Promise<void> {
    for (const listener of this.listeners.get(type) ?? []) {
      await (listener as ChangeListener<Type>)(manager, change);
    }
  }
}
