import type { MergedListPlan } from './merged-list-plan';
import { MemoryBoundedMap } from './memory-bounded-map';

/** What a user's last merged list found. */
export interface GrantListMemo {
  /** How their list without a role filter is read, from the sources found. */
  plan: MergedListPlan;
  /** That list's total; undefined when a list with a role filter was read. */
  totalCount?: number;
  /**
   * The digest of the sources' text a page read in one statement last found (`sourcesDigest`),
   * with the total counted from them before the overlap: the next page that finds the same
   * text takes both as they are, without reading the sources again.
   */
  counted?: { sourcesDigest: string; total: number };
  /**
   * Which of `denseScanRows`'s tries to read first (0 when undefined): the one that last gave
   * a whole page, or the one after the last that did not.
   */
  denseTry?: number;
}

/**
 * About what a memo takes in V8's heap: measured at 463 bytes for a plan of three arms and 761
 * for one with the 50 groups of its overlap (10,000 memos, `--expose-gc`, Node 20).
 */
export function memoBytes(memo: GrantListMemo): number {
  const { arms, overlap } = memo.plan;
  const ids = overlap ? overlap.folderShares.length + overlap.groups.length : 0;
  return 320 + 50 * (arms?.length ?? 0) + 8 * ids;
}

/**
 * The users whom grants reached when this process last read their list, with what it found:
 * their next list is read as the merged list at once, without first running the list by
 * membership, which would find out again (one statement, two for an empty first page), and
 * can be read in one statement (`DocListRepository.oneStatementMergedPage`). Only a hint: the
 * merged list is right for any user (without grants, it is their `user_docs` alone), a
 * statement that finds another total is not used, and a user found without grants leaves.
 * Holds at most `capacityBytes` of memos (`memoBytes`), the least recently remembered leaving
 * first.
 */
export class UsersReachedByGrants {
  private readonly users: MemoryBoundedMap<number, GrantListMemo>;

  constructor(capacityBytes: number) {
    this.users = new MemoryBoundedMap(capacityBytes, memoBytes);
  }

  get(userId: number): GrantListMemo | undefined {
    return this.users.get(userId);
  }

  remember(userId: number, memo: GrantListMemo): void {
    this.users.set(userId, memo);
  }

  delete(userId: number): void {
    this.users.delete(userId);
  }
}
