import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';

/**
 * A code `/oauth/authorize` gave a client, by its SHA-256: used once, within 60 s, by the client
 * and redirect URI it was given to, with the PKCE verifier of its challenge. Kept a while after
 * it expires, so that a second use still revokes the token of the first.
 */
@Entity({ name: 'oauth_codes' })
export class AuthorizationCode {
  @PrimaryColumn({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'client_id', type: 'varchar', length: 255 })
  clientId: string;

  @Column({ name: 'redirect_uri', type: 'varchar', length: 2048 })
  redirectUri: string;

  @Column({ name: 'code_challenge', type: 'varchar', length: 128 })
  codeChallenge: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  /** The scopes granted, space-separated. */
  @Column({ type: 'varchar', length: 255 })
  scope: string;

  @Index('IDX_oauth_codes_expires')
  @Column(timestampColumn('expires_at'))
  expiresAt: Date;

  @Column(timestampColumn('used_at', true))
  usedAt: Date | null;

  /** The token issued for the code's first use. */
  @Column({ name: 'token_id', type: 'int', nullable: true })
  tokenId: number | null;
}
