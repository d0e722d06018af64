import { ApiHeader, ApiParam } from '@nestjs/swagger';
import { IF_MATCH_PATTERN } from '../../common/http/entity-tags';

/** Swagger pieces the document routes share. */
export const ETAG_HEADER = {
  ETag: {
    description:
      'The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`.',
    schema: { type: 'string' as const, example: '"3"' },
  },
};

export const IF_MATCH_HEADER = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'Only if the document is still this version: its `ETag` (`"3"`), a comma-separated list of them, or `*` (any version). Weak tags (`W/"3"`) never match; a value of another form is `400`.',
  schema: { type: 'string', pattern: IF_MATCH_PATTERN },
});

export const UUID_PARAM = ApiParam({
  name: 'uuid',
  format: 'uuid',
  description: 'The document’s UUID, as returned on creation.',
  example: '3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60',
});
