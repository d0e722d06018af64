import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../common/clock';
import { InvalidInput } from '../common/errors/domain-errors';
import { TransactionRunner } from '../database/transaction-runner';
import { CreateUserDto } from './dto/create-user.dto';
import { User } from './entities/user.entity';
import { ChangeEvents } from '../events/change-events';
import type { ImportedUser } from './user-import';
import { UserRole } from './user-role';
import { UsersRepository } from './users.repository';
import { DuplicateEmail, OwnAccountLockout, UserIdNotFound, UserNotFound } from './users.errors';

/** Users an import writes in one statement (a statement's parameters stay few). */
const IMPORT_BATCH = 500;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** What an admin changes of a user; what is absent stays. */
export interface AccountChange {
  role?: UserRole;
  active?: boolean;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
    private readonly changes: ChangeEvents,
  ) {}

  async create(input: CreateUserDto): Promise<User> {
    const email = normaliseEmail(input.email);
    if (await this.users.findByEmail(email)) throw new DuplicateEmail(email);
    try {
      return await this.users.insert({
        email,
        fname: input.fname,
        lname: input.lname,
        avatarUrl: input.avatar_url ?? null,
        createdAt: this.clock.now(),
        role: 'member',
        active: true,
      });
    } catch (error) {
      // Another process created the same e-mail between the check and the insert.
      if (error instanceof QueryFailedError) throw new DuplicateEmail(email);
      throw error;
    }
  }

  async getByEmail(email: string): Promise<User> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) throw new UserNotFound(normaliseEmail(email));
    return user;
  }

  /** The user with this e-mail (any case), or null. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(normaliseEmail(email));
  }

  async getById(id: number): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new UserIdNotFound();
    return user;
  }

  /** Makes the user with this e-mail a member or an admin (the CLI); the user, changed. */
  async setRole(email: string, role: UserRole): Promise<User> {
    const user = await this.getByEmail(email);
    return this.changeAccount(null, user.id, { role });
  }

  /**
   * Changes a user's role or whether they may use the service, announcing it in the same
   * transaction (a deactivated user's tokens are revoked with it). An admin may not demote or
   * deactivate themselves. The user as they are now.
   */
  async changeAccount(actorId: number | null, id: number, change: AccountChange): Promise<User> {
    if (change.role === undefined && change.active === undefined) {
      throw new InvalidInput('at least one of role or active must be given');
    }
    if (actorId === id && change.role === 'member') throw new OwnAccountLockout('demote');
    if (actorId === id && change.active === false) throw new OwnAccountLockout('deactivate');
    return this.transactions.run(async (manager) => {
      const user = await this.users.findById(id, manager);
      if (!user) throw new UserIdNotFound();
      const before = { role: user.role, active: Boolean(user.active) };
      const after = { role: change.role ?? before.role, active: change.active ?? before.active };
      if (after.role !== before.role || after.active !== before.active) {
        await this.users.setAccount(manager, id, after);
        await this.changes.announce(manager, 'user.account_changed', {
          userId: id,
          actorId,
          before,
          after,
        });
      }
      return { ...user, ...after };
    });
  }

  /** One page of users by e-mail: all, or those whose e-mail or a name begins with `prefix`. */
  page(prefix: string | null, page: number, perPage: number) {
    return this.users.page(prefix, (page - 1) * perPage, perPage);
  }

  /**
   * Makes the users of an import file, in one transaction: those whose e-mail is taken are
   * skipped. How many of each.
   */
  async importUsers(users: ImportedUser[]): Promise<{ created: number; existing: number }> {
    const createdAt = this.clock.now();
    return this.transactions.run(async (manager) => {
      let created = 0;
      for (let start = 0; start < users.length; start += IMPORT_BATCH) {
        const batch = users.slice(start, start + IMPORT_BATCH);
        const taken = await this.users.takenEmails(
          manager,
          batch.map((user) => user.email),
        );
        const fresh = batch.filter((user) => !taken.has(user.email));
        if (fresh.length === 0) continue;
        await this.users.insertMany(
          manager,
          fresh.map((user) => ({
            email: user.email,
            fname: user.fname,
            lname: user.lname,
            avatarUrl: user.avatarUrl,
            createdAt,
            role: user.role,
            active: true,
          })),
        );
        created += fresh.length;
      }
      return { created, existing: users.length - created };
    });
  }

  /** Every user, ordered by id. */
  list(): Promise<User[]> {
    return this.users.findAll();
  }

  hasNoUsers(): Promise<boolean> {
    return this.users.isEmpty();
  }
}
