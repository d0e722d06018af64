import { Injectable } from '@nestjs/common';
import { ChangeAnnouncer } from '../common/change-announcer';
import type { GroupRole } from './group-roles';

/**
 * A group's own events, each with a bit after the document events' (`docs/events/doc-events.ts`):
 * a webhook stores the events it wants as one integer. Never renumber one.
 */
export const GROUP_EVENT_TYPES = ['group.member_added', 'group.member_removed'] as const;

export type GroupEventType = (typeof GROUP_EVENT_TYPES)[number];

export const GROUP_EVENT_BITS: Record<GroupEventType, number> = {
  'group.member_added': 2048,
  'group.member_removed': 4096,
};

/** A user added to a group or removed from it, by whom. */
export interface GroupMemberChange {
  kind: 'added' | 'removed';
  groupId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: GroupRole;
  /** The manager, or the member leaving; null for an operator (the CLI). */
  actorId: number | null;
}

/** The event type of a member change. */
export function groupEventType(change: GroupMemberChange): GroupEventType {
  return change.kind === 'added' ? 'group.member_added' : 'group.member_removed';
}

/**
 * Groups announce each member added or removed in the transaction of the change, so groups
 * need to know none of its listeners.
 */
@Injectable()
export class GroupChanges extends ChangeAnnouncer<GroupMemberChange> {}
