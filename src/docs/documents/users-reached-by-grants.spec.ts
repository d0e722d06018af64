import { UsersReachedByGrants } from './users-reached-by-grants';

describe('UsersReachedByGrants', () => {
  it('holds the users added until they are deleted', () => {
    const users = new UsersReachedByGrants(10);
    users.add(1);
    users.add(2);
    users.delete(1);
    expect([users.has(1), users.has(2), users.has(3)]).toEqual([false, true, false]);
  });

  it('lets the least recently added go first when full', () => {
    const users = new UsersReachedByGrants(2);
    users.add(1);
    users.add(2);
    users.add(1); // 1 is added again: 2 is now the oldest
    users.add(3);
    expect([users.has(1), users.has(2), users.has(3)]).toEqual([true, false, true]);
  });
});
