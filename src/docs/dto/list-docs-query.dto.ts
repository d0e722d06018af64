import { ApiProperty } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { InvalidInput } from '../../common/errors/domain-errors';
import { ROLES, type Role } from '../entities/user-doc.entity';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from './folder-path-pattern';

const PAGE_RULE = `page must be an integer between 1 and ${Number.MAX_SAFE_INTEGER}`;
const PER_PAGE_RULE = 'per_page must be an integer between 1 and 100';

/** A parameter given twice (`?page=1&page=2`) arrives as a list: said so, not "not an integer". */
const givenOnce = ({ value, key }: TransformFnParams): unknown => {
  if (Array.isArray(value)) throw new InvalidInput(`${key} must be given once`);
  return value;
};

/** Query values arrive as text: only plain digits become numbers, anything else fails. */
const digitsToNumber = (params: TransformFnParams): unknown => {
  const value = givenOnce(params);
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
};

export class ListDocsQueryDto {
  /** Page number, from 1. A page past the end is empty. */
  @ApiProperty({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 1,
    required: false,
    type: 'integer',
  })
  @IsOptional()
  @Transform(digitsToNumber)
  @IsInt({ message: PAGE_RULE })
  @Min(1, { message: PAGE_RULE })
  @Max(Number.MAX_SAFE_INTEGER, { message: PAGE_RULE })
  page: number = 1;

  /** Documents per page, 1 to 100. */
  @ApiProperty({ minimum: 1, maximum: 100, default: 20, required: false, type: 'integer' })
  @IsOptional()
  @Transform(digitsToNumber)
  @IsInt({ message: PER_PAGE_RULE })
  @Min(1, { message: PER_PAGE_RULE })
  @Max(100, { message: PER_PAGE_RULE })
  per_page: number = 20;

  // No `example`: Swagger UI would fill it into "Try it out", and an unchanged Execute would
  // then list that one folder only. Optional query parameters carry no example (the contract
  // test checks it); their description gives one.
  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    maxLength: 4096,
    required: false,
    description: `Only your own documents directly in this folder of yours (not in its subfolders), for example \`~/reports/2024\`; a folder that does not exist gives no documents. Leave it out to list all of them. ${FOLDER_PATH_DESCRIPTION}`,
  })
  @IsOptional()
  @Transform(givenOnce)
  @IsString()
  path?: string;

  @ApiProperty({
    enum: ROLES,
    required: false,
    description:
      'Only the documents where you have this role: `owner` (your own), `editor` or `viewer` (shared with you).',
  })
  @IsOptional()
  @Transform(givenOnce)
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;
}
