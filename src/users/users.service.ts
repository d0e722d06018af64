import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../common/clock';
import { CreateUserDto } from './dto/create-user.dto';
import { User } from './entities/user.entity';
import { UserRole } from './user-role';
import { UsersRepository } from './users.repository';
import { DuplicateEmail, UserNotFound } from './users.errors';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
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

  /** Makes the user with this e-mail a member or an admin; the user, changed. */
  async setRole(email: string, role: UserRole): Promise<User> {
    const user = await this.getByEmail(email);
    if (user.role !== role) await this.users.setRole(user.id, role);
    return { ...user, role };
  }

  /** Every user, ordered by id. */
  list(): Promise<User[]> {
    return this.users.findAll();
  }

  hasNoUsers(): Promise<boolean> {
    return this.users.isEmpty();
  }
}
