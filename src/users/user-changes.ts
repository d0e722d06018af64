import { Injectable } from '@nestjs/common';
import { ChangeAnnouncer } from '../common/change-announcer';
import type { UserRole } from './user-role';

/** An admin changed a user's role or whether they may use the service. */
export interface UserAccountChange {
  userId: number;
  /** The admin who changed it; null for an operator (the CLI). */
  actorId: number | null;
  before: { role: UserRole; active: boolean };
  after: { role: UserRole; active: boolean };
}

/**
 * Users announce each account change in its transaction (authentication revokes a deactivated
 * user's tokens in it), so users need to know none of its listeners.
 */
@Injectable()
export class UserChanges extends ChangeAnnouncer<UserAccountChange> {}
