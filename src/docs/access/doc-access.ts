/** A user's role on a document: the owner, or someone it is shared with. */
export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an owner can give; a document has exactly one owner. */
export const SHARED_ROLES = ['editor', 'viewer'] as const;
export type SharedRole = (typeof SHARED_ROLES)[number];

/** What a member may do with a document. Reading it and its members is for every role. */
export type DocAction = 'update' | 'move' | 'delete' | 'manage members';

const RULES: Record<DocAction, { roles: readonly Role[]; denied: string }> = {
  update: { roles: ['owner', 'editor'], denied: 'only the owner or an editor may change' },
  move: { roles: ['owner'], denied: 'only the owner may move' },
  delete: { roles: ['owner'], denied: 'only the owner may delete' },
  'manage members': { roles: ['owner'], denied: 'only the owner may share or unshare' },
};

export function rolesThatMay(action: DocAction): readonly Role[] {
  return RULES[action].roles;
}

export function mayDo(role: Role, action: DocAction): boolean {
  return RULES[action].roles.includes(role);
}

/** The 403 message: who may, and what the caller is. */
export function deniedMessage(role: Role, action: DocAction): string {
  const article = role === 'editor' || role === 'owner' ? 'an' : 'a';
  return `${RULES[action].denied} this document; you are ${article} ${role}`;
}
