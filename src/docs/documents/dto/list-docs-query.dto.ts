import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { givenOnce, PageNumber, PerPage } from '../../../common/validation/page-query';
import type { Role } from '../../access/doc-access';
import { RoleFilter } from '../../access/role-filter';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../../folders/folder-path-pattern';

export class ListDocsQueryDto {
  /** Page number, from 1. A page past the end is empty. */
  @PageNumber()
  page: number = 1;

  /** Documents per page, 1 to 100. */
  @PerPage(100, 20)
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

  @RoleFilter()
  role?: Role;
}
