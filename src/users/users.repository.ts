import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, FindOptionsWhere, In, Raw, Repository } from 'typeorm';
import { User } from './entities/user.entity';
import { UserRole } from './user-role';

/** `LIKE` text matching what begins with `prefix`, its wildcards escaped with `!`. */
const startsWith = (prefix: string) => `${prefix.replace(/[!%_]/g, '!$&')}%`;

/** Users whose e-mail, first name or last name begins with `prefix`. */
function beginningWith(prefix: string): FindOptionsWhere<User>[] {
  const like = (column: string) => `${column} LIKE :prefix ESCAPE '!'`;
  return [
    { email: Raw(like, { prefix: startsWith(prefix.toLowerCase()) }) },
    { fname: Raw(like, { prefix: startsWith(prefix) }) },
    { lname: Raw(like, { prefix: startsWith(prefix) }) },
  ];
}

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  findById(id: number, manager?: EntityManager): Promise<User | null> {
    return (manager?.getRepository(User) ?? this.users).findOneBy({ id });
  }

  /** Every user, by id. */
  findAll(): Promise<User[]> {
    return this.users.find({ order: { id: 'ASC' } });
  }

  /** One page of users by e-mail (all, or those with `prefix`), and how many there are. */
  async page(
    prefix: string | null,
    offset: number,
    limit: number,
  ): Promise<{ users: User[]; total: number }> {
    const [users, total] = await this.users.findAndCount({
      where: prefix === null ? {} : beginningWith(prefix),
      order: { email: 'ASC' },
      skip: offset,
      take: limit,
    });
    return { users, total };
  }

  async insert(values: Omit<User, 'id'>): Promise<User> {
    const result = await this.users.insert(values);
    return { ...values, id: Number(result.identifiers[0].id) };
  }

  async setAccount(
    manager: EntityManager,
    id: number,
    account: { role: UserRole; active: boolean },
  ): Promise<void> {
    await manager.getRepository(User).update({ id }, account);
  }

  /** Which of these e-mails (stored form) are taken. */
  async takenEmails(manager: EntityManager, emails: string[]): Promise<Set<string>> {
    const found = await manager
      .getRepository(User)
      .find({ select: { email: true }, where: { email: In(emails) } });
    return new Set(found.map((user) => user.email));
  }

  /** Inserts users in one statement, in the caller's transaction. */
  async insertMany(manager: EntityManager, users: Omit<User, 'id'>[]): Promise<void> {
    await manager.getRepository(User).insert(users);
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.users.exists());
  }
}
