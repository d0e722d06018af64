import type { Role } from '../documents/doc-access';

/**
 * Every change to a document another feature can learn of, each with a bit (a webhook stores
 * the events it wants as one integer). This list is the one definition: the database triggers
 * that write a document's events (the Webhooks migration) use the same names and bits, which
 * the schema test checks, and member events are announced with `MemberChanges`.
 */
export const DOC_EVENT_TYPES = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.restored',
  'document.purged',
  'member.added',
  'member.removed',
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
};

/** A user added to a document or removed from it, by whom. */
export interface MemberChange {
  kind: 'added' | 'removed';
  docId: number;
  userId: number;
  /** The role given, or (on removal) the role held. */
  role: Role;
  /** Who added or removed them: the owner, or the member leaving. */
  actorId: number;
}

/** The event type of a member change. */
export function memberEventType(change: MemberChange): DocEventType {
  return change.kind === 'added' ? 'member.added' : 'member.removed';
}
