import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { codePointOrderedColumn, timestampColumn } from '../../database/column-types';
import { User } from '../../users/entities/user.entity';

/**
 * A person at an identity provider, the pair (issuer, `sub`), and the user they sign in as.
 * Both are compared by code point: a subject is case-sensitive.
 */
@Entity({ name: 'sign_in_identities' })
@Index('UQ_sign_in_identities_person', ['issuer', 'subject'], { unique: true })
export class SignInIdentity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('IDX_sign_in_identities_user')
  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column(codePointOrderedColumn('issuer', 255))
  issuer: string;

  @Column(codePointOrderedColumn('subject', 255))
  subject: string;

  @Column(timestampColumn('created_at'))
  createdAt: Date;
}
