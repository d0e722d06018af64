import type { AnnouncedEventType, AnnouncedEvents } from '../events/event-map';
import type { EventType } from './event-types';

/**
 * What the outbox records of the changes the rooms announce (`events/event-map.ts`): which it
 * listens to, and the event each becomes, with its audience. A document's own events are
 * written by the database's triggers instead (the Webhooks migration).
 */

/**
 * Whom an event is for besides those who have its document (its members, and whom its grants
 * reach) and the members of its group: some users (a member removed, a folder's owner), at most
 * `AUDIENCE_USERS`.
 */
export interface Audience {
  userIds: number[];
}

/** An event to record: its type, who acted, what it is about, and for whom. */
export interface OutboxEvent {
  type: EventType;
  actorId: number | null;
  docId: number | null;
  member: { userId: number; role: string } | null;
  group: { id: number; role: string | null } | null;
  folder: { shareId: number; ownerId: number; path: string } | null;
  audience: Audience;
}

/** The announced changes the outbox records: every one a webhook can subscribe to. */
export const RECORDED_EVENT_TYPES = [
  'member.added',
  'member.removed',
  'document.group_shared',
  'document.group_unshared',
  'folder.shared',
  'folder.unshared',
  'group.member_added',
  'group.member_removed',
] as const satisfies readonly (AnnouncedEventType & EventType)[];

type RecordedType = (typeof RECORDED_EVENT_TYPES)[number];

/** An announced change with its type, as the outbox records it. */
export type RecordedChange = {
  [Type in RecordedType]: { type: Type; change: AnnouncedEvents[Type] };
}[RecordedType];

/** The event of a change, and its audience. */
export function outboxEventOf(announced: RecordedChange): OutboxEvent {
  const { type } = announced;
  switch (announced.type) {
    case 'member.added':
    case 'member.removed': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: change.docId,
        member: { userId: change.userId, role: change.role },
        group: null,
        folder: null,
        audience: { userIds: [change.userId] },
      };
    }
    case 'document.group_shared':
    case 'document.group_unshared': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: change.docId,
        member: null,
        group: { id: change.groupId, role: change.role },
        folder: null,
        audience: { userIds: [] },
      };
    }
    case 'folder.shared':
    case 'folder.unshared': {
      const change = announced.change;
      const toGroup = change.grantee.type === 'group';
      return {
        type,
        actorId: change.ownerId,
        docId: null,
        member: toGroup ? null : { userId: change.grantee.id, role: change.role },
        group: toGroup ? { id: change.grantee.id, role: change.role } : null,
        folder: { shareId: change.shareId, ownerId: change.ownerId, path: change.path },
        audience: { userIds: toGroup ? [change.ownerId] : [change.ownerId, change.grantee.id] },
      };
    }
    case 'group.member_added':
    case 'group.member_removed': {
      const change = announced.change;
      return {
        type,
        actorId: change.actorId,
        docId: null,
        member: { userId: change.userId, role: change.role },
        group: { id: change.groupId, role: null },
        folder: null,
        audience: { userIds: [change.userId] },
      };
    }
  }
}
