import type { Role } from '../documents/doc-access';

/**
 * Every change to a document or its sharing another feature can learn of, each with a bit (a
 * webhook stores the events it wants as one integer; a group's own events take bits from 2048
 * on, see `groups/group-changes.ts`). This list is the one definition: the database triggers
 * that write a document's events (the Webhooks migration) use the same names and bits, which
 * the schema test checks, and the sharing events are announced with `SharingChanges`.
 */
export const DOC_EVENT_TYPES = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.restored',
  'document.purged',
  'member.added',
  'member.removed',
  'document.group_shared',
  'document.group_unshared',
  'folder.shared',
  'folder.unshared',
] as const;

export type DocEventType = (typeof DOC_EVENT_TYPES)[number];

/** The bit of each event type. Never renumber one: stored masks and triggers hold them. */
export const DOC_EVENT_BITS: Record<DocEventType, number> = {
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
};

/** A user added to a document or removed from it, by whom. */
export interface MemberChange {
  kind: 'member added' | 'member removed';
  docId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: Role;
  /** Who added or removed them: the owner, or the member leaving. */
  actorId: number;
}

/** A document shared with a group or no longer, by its owner. */
export interface GroupShareChange {
  kind: 'group shared' | 'group unshared';
  docId: number;
  groupId: number;
  /** The role given, or (on removal) the role held. */
  role: Role;
  actorId: number;
}

/** A folder shared with a user or a group, or no longer, by its owner. */
export interface FolderShareChange {
  kind: 'folder shared' | 'folder unshared';
  shareId: number;
  ownerId: number;
  path: string;
  grantee: { type: 'user' | 'group'; id: number };
  role: Role;
}

/** A change of who has a document, as sharing announces it in its transaction. */
export type SharingChange = MemberChange | GroupShareChange | FolderShareChange;

/** The event type of each kind of sharing change. */
export const SHARING_EVENT_TYPES: Record<SharingChange['kind'], DocEventType> = {
  'member added': 'member.added',
  'member removed': 'member.removed',
  'group shared': 'document.group_shared',
  'group unshared': 'document.group_unshared',
  'folder shared': 'folder.shared',
  'folder unshared': 'folder.unshared',
};
