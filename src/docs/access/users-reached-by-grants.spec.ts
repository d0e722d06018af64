import { UsersReachedByGrants } from './users-reached-by-grants';

describe('UsersReachedByGrants', () => {
  const memo = (ways: number, totalCount?: number) => ({ plan: { ways }, totalCount });

  it('holds what was remembered of each user until they are deleted', () => {
    const users = new UsersReachedByGrants(10);
    users.remember(1, memo(3, 40));
    users.remember(2, memo(9));
    users.remember(2, memo(10, 7));
    users.delete(1);
    expect([users.get(1), users.get(2), users.get(3)]).toEqual([undefined, memo(10, 7), undefined]);
  });

  it('lets the least recently remembered go first when full', () => {
    const users = new UsersReachedByGrants(2);
    users.remember(1, memo(2));
    users.remember(2, memo(2));
    users.remember(1, memo(3)); // 1 is remembered again: 2 is now the oldest
    users.remember(3, memo(2));
    expect([users.get(1), users.get(2), users.get(3)]).toEqual([memo(3), undefined, memo(2)]);
  });
});
