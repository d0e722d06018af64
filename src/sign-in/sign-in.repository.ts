import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Raw, Repository } from 'typeorm';
import { toSqlTimestamp } from '../database/sql-values';
import { AuthorizationCode } from './entities/authorization-code.entity';
import { PendingSignIn } from './entities/pending-sign-in.entity';
import { SignInIdentity } from './entities/sign-in-identity.entity';

/** Rows whose `expires_at` is before `at` (timestamps compared as the dialect stores them). */
const expiredBefore = (at: Date) => Raw((column) => `${column} < :at`, { at: toSqlTimestamp(at) });

/** The rows of sign-in: people, sign-ins under way, and the codes given to clients. */
@Injectable()
export class SignInRepository {
  constructor(
    @InjectRepository(SignInIdentity) private readonly identities: Repository<SignInIdentity>,
    @InjectRepository(PendingSignIn) private readonly pending: Repository<PendingSignIn>,
    @InjectRepository(AuthorizationCode) private readonly codes: Repository<AuthorizationCode>,
  ) {}

  /** The user a person signs in as; undefined for a person not seen before. */
  async userOfPerson(issuer: string, subject: string): Promise<number | undefined> {
    const found = await this.identities.findOneBy({ issuer, subject });
    return found?.userId;
  }

  async linkPerson(userId: number, issuer: string, subject: string, at: Date): Promise<void> {
    await this.identities.insert({ userId, issuer, subject, createdAt: at });
  }

  async addPendingSignIn(row: PendingSignIn, now: Date): Promise<void> {
    await this.pending.delete({ expiresAt: expiredBefore(now) });
    await this.pending.insert(row);
  }

  /** The sign-in bound to this cookie, taken: it can be finished once, by one request. */
  async takePendingSignIn(idHash: string): Promise<PendingSignIn | null> {
    const found = await this.pending.findOneBy({ idHash });
    if (!found) return null;
    const taken = await this.pending.delete({ idHash });
    return (taken.affected ?? 0) > 0 ? found : null;
  }

  /** Stores a code; codes gone a while past their expiry are deleted. */
  async addCode(row: AuthorizationCode, forgetBefore: Date): Promise<void> {
    await this.codes.delete({ expiresAt: expiredBefore(forgetBefore) });
    await this.codes.insert(row);
  }

  findCode(codeHash: string, manager?: EntityManager): Promise<AuthorizationCode | null> {
    return (manager?.getRepository(AuthorizationCode) ?? this.codes).findOneBy({ codeHash });
  }

  /** Marks a code used unless it already is; whether this call did. */
  async markCodeUsed(manager: EntityManager, codeHash: string, at: Date): Promise<boolean> {
    const result = await manager
      .getRepository(AuthorizationCode)
      .update({ codeHash, usedAt: IsNull() }, { usedAt: at });
    return (result.affected ?? 0) > 0;
  }

  async setCodeToken(manager: EntityManager, codeHash: string, tokenId: number): Promise<void> {
    await manager.getRepository(AuthorizationCode).update({ codeHash }, { tokenId });
  }
}
