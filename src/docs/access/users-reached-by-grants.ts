import type { MergedListPlan } from './merged-list-plan';

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
 * The users whom grants reached when this process last read their list, with what it found:
 * their next list is read as the merged list at once, without first running the list by
 * membership, which would find out again (one statement, two for an empty first page), and
 * can be read in one statement (`DocListRepository.oneStatementMergedPage`). Only a hint: the
 * merged list is right for any user (without grants, it is their `user_docs` alone), a
 * statement that finds another total is not used, and a user found without grants leaves.
 * Holds at most `capacity` users, the least recently remembered leaving first; a plan holds
 * numbers, at most one per source of the user (and seven arms), and a digest 27 characters.
 */
export class UsersReachedByGrants {
  private readonly users = new Map<number, GrantListMemo>();

  constructor(private readonly capacity: number) {}

  get(userId: number): GrantListMemo | undefined {
    return this.users.get(userId);
  }

  remember(userId: number, memo: GrantListMemo): void {
    this.users.delete(userId);
    this.users.set(userId, memo);
    if (this.users.size > this.capacity) {
      const [oldest] = this.users.keys();
      this.users.delete(oldest);
    }
  }

  delete(userId: number): void {
    this.users.delete(userId);
  }
}
