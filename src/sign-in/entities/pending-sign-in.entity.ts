import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';

/**
 * A sign-in between `/oauth/authorize` and the provider's callback, kept in the database so that
 * any instance or worker can finish it; bound to the browser by a cookie whose SHA-256 is the id.
 */
@Entity({ name: 'pending_sign_ins' })
export class PendingSignIn {
  @PrimaryColumn({ name: 'id_hash', type: 'varchar', length: 64 })
  idHash: string;

  @Column({ name: 'client_id', type: 'varchar', length: 255 })
  clientId: string;

  @Column({ name: 'redirect_uri', type: 'varchar', length: 2048 })
  redirectUri: string;

  /** The client's `state`, given back with the code. */
  @Column({ name: 'client_state', type: 'varchar', length: 1024, nullable: true })
  clientState: string | null;

  @Column({ name: 'code_challenge', type: 'varchar', length: 128 })
  codeChallenge: string;

  /** The scopes asked for, space-separated; null for the default. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  scope: string | null;

  /** What the service sent the provider: `state`, `nonce` and the PKCE verifier. */
  @Column({ name: 'provider_state', type: 'varchar', length: 64 })
  providerState: string;

  @Column({ type: 'varchar', length: 64 })
  nonce: string;

  @Column({ name: 'code_verifier', type: 'varchar', length: 128 })
  codeVerifier: string;

  @Index('IDX_pending_sign_ins_expires')
  @Column(timestampColumn('expires_at'))
  expiresAt: Date;
}
