import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { ApiSchemaExtras } from '../../../common/swagger/api-schema-extras.decorator';
import {
  CodePointLength,
  TrimmedString,
  WellFormedText,
} from '../../../common/validation/text-rules';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../../folders/folder-path-pattern';

/** At least one of `title`, `html` and `path` must be given (DocsService checks); the others keep their values. */
@ApiSchemaExtras({
  minProperties: 1,
  anyOf: [
    { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
    { type: 'object', required: ['html'], properties: { html: { type: 'string' } } },
    { type: 'object', required: ['path'], properties: { path: { type: 'string' } } },
  ],
})
export class UpdateDocDto {
  /**
   * New title: 1 to 255 characters after surrounding whitespace is trimmed.
   * @example "Quarterly report (final)"
   */
  @ApiProperty({ minLength: 1, maxLength: 255 })
  @ValidateIf((body: UpdateDocDto) => body.title !== undefined)
  @TrimmedString()
  @IsString()
  @CodePointLength(1, 255)
  @WellFormedText()
  title?: string;

  /**
   * New HTML content, stored sanitised as on create (elements may nest 128 deep).
   * @example "<p>Final figures are in.</p>"
   */
  @ValidateIf((body: UpdateDocDto) => body.html !== undefined)
  @IsString()
  @WellFormedText()
  html?: string;

  /**
   * Moves the document (owner only) into this folder of the owner's tree, created with its
   * parents if missing.
   * @example "~/reports/archive"
   */
  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    maxLength: 4096,
    description: `Moves the document (owner only; \`403\` for an editor) into this folder, created with its parents if missing: ${FOLDER_PATH_DESCRIPTION}`,
  })
  @ValidateIf((body: UpdateDocDto) => body.path !== undefined)
  @IsString()
  path?: string;
}
