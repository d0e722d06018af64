import { EVENT_BITS, EVENT_TYPES, type EventType } from '../events/event-map';

/**
 * The events a webhook can subscribe to are those of the event map with a bit
 * (`events/event-map.ts` defines them). `*` sets every bit and one more, so a webhook made with
 * `["*"]` says so again and also gets event types added later.
 */
export { EVENT_BITS, EVENT_TYPES, type EventType };

/** What `events` accepts: an event type, or `*` for all of them. */
export const EVENT_NAMES = [...EVENT_TYPES, '*'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Every bit, the ones of future event types included. */
export const ALL_EVENTS_MASK = 0x7fffffff;

/** The stored mask of a list of event names. */
export function eventMask(names: readonly EventName[]): number {
  if (names.includes('*')) return ALL_EVENTS_MASK;
  return names.reduce((mask, name) => mask | EVENT_BITS[name as EventType], 0);
}

/** The list a stored mask stands for, in the order of `EVENT_TYPES` (or `["*"]`). */
export function eventNames(mask: number): EventName[] {
  if (mask === ALL_EVENTS_MASK) return ['*'];
  return EVENT_TYPES.filter((type) => (mask & EVENT_BITS[type]) !== 0);
}
