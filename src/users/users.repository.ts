import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from './entities/user.entity';
import { UserRole } from './user-role';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  /** Every user, by id. */
  findAll(): Promise<User[]> {
    return this.users.find({ order: { id: 'ASC' } });
  }

  async insert(values: Omit<User, 'id'>): Promise<User> {
    const result = await this.users.insert(values);
    return { ...values, id: Number(result.identifiers[0].id) };
  }

  async setRole(id: number, role: UserRole): Promise<void> {
    await this.users.update({ id }, { role });
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.users.exists());
  }
}
