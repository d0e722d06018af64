import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';
import type { TokenSource } from '../token-source';

/** An API key of one user. Only the SHA-256 of the token is kept. */
@Entity({ name: 'api_tokens' })
export class ApiToken {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('IDX_api_tokens_user_id')
  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Index('IDX_api_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** The token's first 8 characters, to recognise it by; null for tokens made before 1.1. */
  @Column({ name: 'token_prefix', type: 'varchar', length: 8, nullable: true })
  tokenPrefix: string | null;

  /** What the token may do, space-separated (`docs:read docs:write`); see token-scopes.ts. */
  @Column({ type: 'varchar', length: 100 })
  scopes: string;

  /** How it was made: `cli`, `api` (`POST /tokens`) or `sign-in`. */
  @Column({ type: 'varchar', length: 16, default: 'cli' })
  source: TokenSource;

  @Column(timestampColumn('created_at'))
  createdAt: Date;

  @Column(timestampColumn('last_used_at', true))
  lastUsedAt: Date | null;

  @Column(timestampColumn('expires_at', true))
  expiresAt: Date | null;

  @Column(timestampColumn('revoked_at', true))
  revokedAt: Date | null;
}
