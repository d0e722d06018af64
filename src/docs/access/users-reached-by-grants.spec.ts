import { memoBytes, UsersReachedByGrants } from './users-reached-by-grants';

describe('UsersReachedByGrants', () => {
  const memo = (ways: number, totalCount?: number) => ({ plan: { ways }, totalCount });

  it('holds what was remembered of each user until they are deleted', () => {
    const users = new UsersReachedByGrants(10_000);
    users.remember(1, memo(3, 40));
    users.remember(2, memo(9));
    users.remember(2, memo(10, 7));
    users.delete(1);
    expect([users.get(1), users.get(2), users.get(3)]).toEqual([undefined, memo(10, 7), undefined]);
  });

  it('lets the least recently remembered go first when its memos pass its bytes', () => {
    const users = new UsersReachedByGrants(2 * memoBytes(memo(2)));
    users.remember(1, memo(2));
    users.remember(2, memo(2));
    users.remember(1, memo(3)); // 1 is remembered again: 2 is now the oldest
    users.remember(3, memo(2));
    expect([users.get(1), users.get(2), users.get(3)]).toEqual([memo(3), undefined, memo(2)]);
  });

  it('counts a plan by its arms and the ids of its overlap', () => {
    const arms = [
      { grantee_type: 'group' as const, grantee_id: 1, folder_share_id: 0, role: null },
    ];
    const overlap = { folderShares: [4, 5], groups: [1, 2, 3], directCandidates: false };
    expect([
      memoBytes(memo(1)),
      memoBytes({ plan: { ways: 2, arms } }),
      memoBytes({ plan: { ways: 9, overlap } }),
    ]).toEqual([320, 370, 360]);
  });
});
