import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { givenOnce } from '../../common/validation/page-query';
import { ROLES } from './doc-access';

/** `role=owner|editor|viewer`: only the documents where the caller has that role (lists, search). */
export function RoleFilter() {
  return applyDecorators(
    ApiProperty({
      enum: ROLES,
      required: false,
      description:
        'Only the documents where you have this role: `owner` (your own), `editor` or `viewer` (shared with you).',
    }),
    IsOptional(),
    Transform(givenOnce),
    IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }),
  );
}
