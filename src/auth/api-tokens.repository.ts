import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, FindOptionsWhere, IsNull, Raw, Repository } from 'typeorm';
import { toDate, toDateOrNull, toSqlTimestamp } from '../database/sql-values';
import { Sql } from '../database/sql';
import { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRole } from '../users/user-role';
import { ApiToken } from './entities/api-token.entity';
import { TokenSource } from './token-source';

interface TokenRow {
  token_id: number;
  token_name: string;
  token_prefix: string | null;
  source: TokenSource;
  created_at: Date | string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  scopes: string;
  user_id: number;
  email: string;
  fname: string;
  lname: string;
  avatar_url: string | null;
  role: UserRole;
  active: number | boolean;
}

/** A token with the profile of its user, as read by the one authentication lookup. */
export interface TokenWithUser {
  tokenId: number;
  name: string;
  prefix: string | null;
  source: TokenSource;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** As stored: space-separated. */
  scopes: string;
  user: { id: number; email: string; fname: string; lname: string; avatarUrl: string | null };
  role: UserRole;
  active: boolean;
}

/** The statements of authentication, written once (the benchmark's reference sends them too). */
export const tokensSql = {
  /** One indexed lookup: the token (with its scopes) and its user. */
  findWithUser: `SELECT t.id AS token_id, t.name AS token_name, t.token_prefix AS token_prefix,
  t.source AS source, t.created_at AS created_at, t.expires_at AS expires_at,
  t.revoked_at AS revoked_at, t.last_used_at AS last_used_at, t.scopes AS scopes,
  u.id AS user_id, u.email AS email, u.fname AS fname, u.lname AS lname, u.avatar_url AS avatar_url,
  u.role AS role, u.active AS active
FROM api_tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_hash = ?`,
  /** A token's last use, unless one was recorded less than the resolution before. */
  recordUse:
    'UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',
};

/** Every text authentication sends through `Sql` (the same on each dialect). */
export const tokensStatements: StatementList = () => ({ ...tokensSql });

/** A user's tokens that work at `at`: not revoked, and without an expiry or not past it. */
function activeWhere(userId: number, at: Date): FindOptionsWhere<ApiToken>[] {
  return [
    { userId, revokedAt: IsNull(), expiresAt: IsNull() },
    {
      userId,
      revokedAt: IsNull(),
      expiresAt: Raw((column) => `${column} > :at`, { at: toSqlTimestamp(at) }),
    },
  ];
}

@Injectable()
export class ApiTokensRepository {
  constructor(
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {}

  /** One indexed lookup (the unique token hash): the token and its user together. */
  async findWithUserByHash(tokenHash: string): Promise<TokenWithUser | null> {
    const [row] = await this.sql.rows<TokenRow>(tokensSql.findWithUser, [tokenHash]);
    if (!row) return null;
    return {
      tokenId: Number(row.token_id),
      name: row.token_name,
      prefix: row.token_prefix,
      source: row.source,
      createdAt: toDate(row.created_at),
      expiresAt: toDateOrNull(row.expires_at),
      revokedAt: toDateOrNull(row.revoked_at),
      lastUsedAt: toDateOrNull(row.last_used_at),
      scopes: row.scopes,
      user: {
        id: Number(row.user_id),
        email: row.email,
        fname: row.fname,
        lname: row.lname,
        avatarUrl: row.avatar_url,
      },
      role: row.role,
      active: Boolean(Number(row.active)),
    };
  }

  async insert(values: Omit<ApiToken, 'id' | 'user'>, manager?: EntityManager): Promise<ApiToken> {
    const result = await (manager?.getRepository(ApiToken) ?? this.tokens).insert(values);
    return { ...values, id: Number(result.identifiers[0].id) };
  }

  /** A user's tokens, oldest first (on the user_id index). */
  findByUser(userId: number): Promise<ApiToken[]> {
    return this.tokens.find({ where: { userId }, order: { id: 'ASC' } });
  }

  /**
   * One page of a user's tokens, newest first, and how many there are: all of them, or those
   * that work at `activeAt` (not revoked, not expired).
   */
  async pageOfUser(
    userId: number,
    activeAt: Date | null,
    offset: number,
    limit: number,
  ): Promise<{ tokens: ApiToken[]; total: number }> {
    const [tokens, total] = await this.tokens.findAndCount({
      where: activeAt === null ? { userId } : activeWhere(userId, activeAt),
      order: { id: 'DESC' },
      skip: offset,
      take: limit,
    });
    return { tokens, total };
  }

  /** How many of a user's tokens work at `at`. */
  countActive(userId: number, at: Date): Promise<number> {
    return this.tokens.count({ where: activeWhere(userId, at) });
  }

  /** One of a user's tokens; null when there is none by that id, or it is another user's. */
  findOfUser(userId: number, id: number): Promise<ApiToken | null> {
    return this.tokens.findOneBy({ id, userId });
  }

  /** Revokes a token unless it already is; whether it was now. */
  async revokeById(id: number, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** Any user's token by its id. */
  findById(id: number): Promise<ApiToken | null> {
    return this.tokens.findOneBy({ id });
  }

  /** Revokes every token of a user not yet revoked, in the caller's transaction. */
  async revokeAllOfUser(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager
      .getRepository(ApiToken)
      .update({ userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeByHash(tokenHash: string, at: Date): Promise<boolean> {
    const result = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ revokedAt: at })
      .where('token_hash = :tokenHash AND revoked_at IS NULL', { tokenHash })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async existsByHash(tokenHash: string): Promise<boolean> {
    return this.tokens.existsBy({ tokenHash });
  }

  /**
   * Records a use unless one was recorded less than `resolutionMs` before (by any process), in
   * one statement; on SQLite it waits for any open transaction.
   */
  async recordUse(tokenId: number, at: Date, resolutionMs: number): Promise<void> {
    const since = toSqlTimestamp(new Date(at.getTime() - resolutionMs));
    await this.transactions.exclusive((manager) =>
      this.sql.run(tokensSql.recordUse, [toSqlTimestamp(at), tokenId, since], manager),
    );
  }
}
