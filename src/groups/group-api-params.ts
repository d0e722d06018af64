import { ApiParam } from '@nestjs/swagger';

/** The `{id}` of the group routes. */
export const GROUP_ID_PARAM = ApiParam({
  name: 'id',
  schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 3 },
  description: 'The group’s id.',
});

export const GROUP_NOT_FOUND = {
  status: 404,
  description: 'No such group, or you are not in it.',
  example: 'group not found',
} as const;

export const MANAGERS_ONLY = {
  403: 'only a manager may change this group or its members; you are a member',
};

export const NAME_TAKEN = {
  status: 409,
  description: 'Another group has this name (names are unique ignoring letter case).',
  example: 'a group named "Finance" already exists (names are unique ignoring letter case)',
} as const;
