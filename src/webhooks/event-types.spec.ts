import { ALL_EVENTS_MASK, EVENT_BITS, EVENT_TYPES, eventMask, eventNames } from './event-types';

describe('webhook event types', () => {
  it('gives each type a bit of its own', () => {
    const bits = EVENT_TYPES.map((type) => EVENT_BITS[type]);
    expect(new Set(bits).size).toBe(EVENT_TYPES.length);
    for (const bit of bits) expect(bit & (bit - 1)).toBe(0);
  });

  it('stores a list as a mask and reads it back in a fixed order, duplicates dropped', () => {
    const mask = eventMask(['member.removed', 'document.created', 'document.created']);
    expect(mask).toBe(65);
    expect(eventNames(mask)).toEqual(['document.created', 'member.removed']);
  });

  it('keeps "*" as "*", covering every type', () => {
    expect(eventMask(['*'])).toBe(ALL_EVENTS_MASK);
    expect(eventMask(['document.updated', '*'])).toBe(ALL_EVENTS_MASK);
    expect(eventNames(ALL_EVENTS_MASK)).toEqual(['*']);
    for (const type of EVENT_TYPES) expect(ALL_EVENTS_MASK & EVENT_BITS[type]).not.toBe(0);
  });

  it('reads every listed type back as the list, not as "*"', () => {
    expect(eventNames(eventMask([...EVENT_TYPES]))).toEqual([...EVENT_TYPES]);
  });
});
