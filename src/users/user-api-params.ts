import { ApiParam } from '@nestjs/swagger';

/** What the admin routes on users and their tokens document alike. */
export const USER_ID_PARAM = ApiParam({
  name: 'id',
  schema: { type: 'integer', minimum: 1, maximum: 2147483647, example: 7 },
  description: 'The user’s id.',
});
export const NO_SUCH_USER = { 404: 'no such user' };
export const ADMINS_ONLY = {
  403: 'insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write',
};
