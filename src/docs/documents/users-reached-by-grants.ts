/**
 * The users whom grants reached when this process last read their list: their next list is
 * read as the merged list at once, without first running the list by membership, which would
 * find out again (one statement, two for an empty first page). Only a hint: the merged list
 * is right for any user (without grants, it is their `user_docs` alone), and a user it finds
 * without grants leaves the set. Holds at most `capacity` users, the least recently added
 * leaving first.
 */
export class UsersReachedByGrants {
  private readonly users = new Set<number>();

  constructor(private readonly capacity: number) {}

  has(userId: number): boolean {
    return this.users.has(userId);
  }

  add(userId: number): void {
    this.users.delete(userId);
    this.users.add(userId);
    if (this.users.size > this.capacity) {
      const [oldest] = this.users;
      this.users.delete(oldest);
    }
  }

  delete(userId: number): void {
    this.users.delete(userId);
  }
}
