/**
 * Who changes a group's members: the service (its managers, through the API and the CLI), or
 * the identity provider (sign-ins, from the groups claim; `409` for anyone else).
 */
export const GROUP_MANAGERS = ['service', 'provider'] as const;
export type GroupManager = (typeof GROUP_MANAGERS)[number];
