/**
 * The events a webhook can subscribe to. Each has a bit: a webhook stores the events it wants
 * as one integer, so the database triggers that write the outbox test a bit, not a list.
 * `*` sets every bit and one more, so a webhook made with `["*"]` says so again and also gets
 * event types added later.
 */
export const EVENT_TYPES = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.restored',
  'document.purged',
  'member.added',
  'member.removed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What `events` accepts: an event type, or `*` for all of them. */
export const EVENT_NAMES = [...EVENT_TYPES, '*'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The bit of each event type (the triggers' migrations write the same numbers). */
export const EVENT_BITS: Record<EventType, number> = {
  'document.created': 1,
  'document.updated': 2,
  'document.deleted': 4,
  'document.restored': 8,
  'document.purged': 16,
  'member.added': 32,
  'member.removed': 64,
};

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
