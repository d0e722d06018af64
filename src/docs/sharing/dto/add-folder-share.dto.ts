import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ApiSchemaExtras } from '../../../common/swagger/api-schema-extras.decorator';
import { TrimmedString } from '../../../common/validation/text-rules';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../../folders/folder-path-pattern';
import { SHARED_ROLES, type SharedRole } from '../../access/doc-access';

/** Shares a folder of the caller's with one user (`email`) or one group (`group_id`). */
@ApiSchemaExtras({
  anyOf: [
    { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
    { type: 'object', required: ['group_id'], properties: { group_id: { type: 'integer' } } },
  ],
  // Not both: the FolderSharesService refuses that too.
  not: {
    type: 'object',
    required: ['email', 'group_id'],
    properties: { email: { type: 'string' }, group_id: { type: 'integer' } },
  },
})
export class AddFolderShareDto {
  /**
   * The folder of yours to share, `~` for all your documents. It need not exist yet.
   * @example "~/projects/q3"
   */
  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    maxLength: 4096,
    description: `The folder of yours to share, with everything below it, now and later (\`~\`: all your documents). It need not exist yet. ${FOLDER_PATH_DESCRIPTION}`,
  })
  @IsString({ message: 'path must be a string' })
  path: string;

  /**
   * E-mail address of the user to share the folder with; give this or `group_id`.
   * @example "grace@example.com"
   */
  @ApiProperty({ format: 'email', required: false })
  @ValidateIf((body: AddFolderShareDto) => body.email !== undefined)
  @TrimmedString()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email?: string;

  // No example: Swagger UI's "Try it out" would send it beside `email`, which is refused.
  /**
   * The id of the group to share the folder with (you need not be in it); give this or
   * `email`, for example 3.
   */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 2147483647, required: false })
  @ValidateIf((body: AddFolderShareDto) => body.group_id !== undefined)
  @IsInt({ message: 'group_id must be a positive integer' })
  @Min(1, { message: 'group_id must be a positive integer' })
  @Max(2147483647, { message: 'group_id must be a positive integer' })
  group_id?: number;

  /**
   * `editor` (may read and update) or `viewer` (may read) on every document in the folder. A
   * share of the same folder with the same user or group gets this role instead.
   * @example "editor"
   */
  @ApiProperty({ enum: SHARED_ROLES, default: 'viewer', required: false })
  @ValidateIf((body: AddFolderShareDto) => body.role !== undefined)
  @IsIn(SHARED_ROLES, {
    message: 'role must be editor or viewer (a document has exactly one owner)',
  })
  role: SharedRole = 'viewer';
}
