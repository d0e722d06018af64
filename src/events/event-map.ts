/**
 * Every change a feature announces or the database records, by its event type, with what it
 * carries: the one definition. Features announce theirs through `ChangeEvents` inside their
 * transaction; a document's own events (`document.*`) are written by the database's triggers
 * (the Webhooks migration) with the same names and bits, which the schema test checks on both
 * databases; webhooks import this room alone to learn of changes. The roles are written out
 * here, not imported, so that this room knows no feature (`event-map.spec.ts` checks they are
 * the features' own).
 */

/** A document role as events carry it (`docs/documents/doc-access.ts`' `Role`). */
export type EventDocRole = 'owner' | 'editor' | 'viewer';
/** A group role as events carry it (`groups/group-roles.ts`' `GroupRole`). */
export type EventGroupRole = 'manager' | 'member';
/** An account role as events carry it (`users/user-role.ts`' `UserRole`). */
export type EventUserRole = 'member' | 'admin';

/** A user added to a document or removed from it, by whom. */
export interface MemberChange {
  docId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: EventDocRole;
  /** Who added or removed them: the owner, or the member leaving. */
  actorId: number;
}

/** A document shared with a group or no longer, by its owner. */
export interface GroupShareChange {
  docId: number;
  groupId: number;
  /** The role given, or (on removal) the role held. */
  role: EventDocRole;
  actorId: number;
}

/** A folder shared with a user or a group, or no longer, by its owner. */
export interface FolderShareChange {
  shareId: number;
  ownerId: number;
  path: string;
  grantee: { type: 'user' | 'group'; id: number };
  role: EventDocRole;
}

/** A user added to a group or removed from it, by whom. */
export interface GroupMemberChange {
  groupId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: EventGroupRole;
  /** The manager, or the member leaving; null for an operator (the CLI). */
  actorId: number | null;
}

/** An admin changed a user's role or whether they may use the service. */
export interface UserAccountChange {
  userId: number;
  /** The admin who changed it; null for an operator (the CLI). */
  actorId: number | null;
  before: { role: EventUserRole; active: boolean };
  after: { role: EventUserRole; active: boolean };
}

/** The changes features announce, by event type, with what each carries. */
export interface AnnouncedEvents {
  'member.added': MemberChange;
  'member.removed': MemberChange;
  'document.group_shared': GroupShareChange;
  'document.group_unshared': GroupShareChange;
  'folder.shared': FolderShareChange;
  'folder.unshared': FolderShareChange;
  'group.member_added': GroupMemberChange;
  'group.member_removed': GroupMemberChange;
  'user.account_changed': UserAccountChange;
}

export type AnnouncedEventType = keyof AnnouncedEvents;

/** The events a document's triggers write (in the document's own statement). */
export const TRIGGER_EVENT_TYPES = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.restored',
  'document.purged',
] as const;

/**
 * The bit of each event a webhook can subscribe to (a webhook stores the events it wants as one
 * integer), in the order webhooks list them. Never renumber one: stored masks and the triggers
 * hold them. `user.account_changed` is not one: it is for the service's own rooms.
 */
export const EVENT_BITS = {
  'document.created': 1,
  'document.updated': 2,
  'document.deleted': 4,
  'document.restored': 8,
  'document.purged': 16,
  'member.added': 32,
  'member.removed': 64,
  'document.group_shared': 128,
  'document.group_unshared': 256,
  'folder.shared': 512,
  'folder.unshared': 1024,
  'group.member_added': 2048,
  'group.member_removed': 4096,
} as const satisfies Record<
  (typeof TRIGGER_EVENT_TYPES)[number] | Exclude<AnnouncedEventType, 'user.account_changed'>,
  number
>;

/** An event a webhook can subscribe to. */
export type EventType = keyof typeof EVENT_BITS;

/** Every event a webhook can subscribe to, in the order of their bits. */
export const EVENT_TYPES = Object.keys(EVENT_BITS) as EventType[];
