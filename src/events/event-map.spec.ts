import { ROLES } from '../docs/access/doc-access';
import { GROUP_ROLES } from '../groups/group-roles';
import { USER_ROLES } from '../users/user-role';
import { ChangeEvents } from './change-events';
import { EVENT_BITS, EVENT_TYPES, EventDocRole, EventGroupRole, EventUserRole } from './event-map';

/** Fails to compile unless the two types are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesMatch: [
  Same<EventDocRole, (typeof ROLES)[number]>,
  Same<EventGroupRole, (typeof GROUP_ROLES)[number]>,
  Same<EventUserRole, (typeof USER_ROLES)[number]>,
] = [true, true, true];

describe('event map', () => {
  it("carries the features' own roles", () => {
    expect(rolesMatch).toEqual([true, true, true]);
  });

  it('gives each event its own bit, in order', () => {
    const bits = EVENT_TYPES.map((type) => EVENT_BITS[type]);
    expect(bits).toEqual(bits.map((_, index) => 2 ** index));
  });

  it("announces a change to its type's listeners only, in the order they listened", async () => {
    const events = new ChangeEvents();
    const heard: string[] = [];
    events.listen('member.added', (_, change) => {
      heard.push(`first ${change.userId}`);
      return Promise.resolve();
    });
    events.listen('member.removed', () => {
      heard.push('removed');
      return Promise.resolve();
    });
    events.listen('member.added', (_, change) => {
      heard.push(`second ${change.userId}`);
      return Promise.resolve();
    });
    const change = { docId: 1, userId: 2, role: 'viewer', actorId: 3 } as const;
    await events.announce({} as never, 'member.added', change);
    expect(heard).toEqual(['first 2', 'second 2']);
  });
});
