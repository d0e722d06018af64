/** A user's role in a group: managers change the group and its members. */
export const GROUP_ROLES = ['manager', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/**
 * The key that makes group names unique ignoring case: the name in Unicode's composed form
 * (NFC), lower-cased. Lower-casing can lengthen a name (`İ` becomes two code points), never
 * beyond twice its length.
 */
export function groupNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
