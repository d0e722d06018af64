import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import {
  CodePointLength,
  TrimmedString,
  WellFormedText,
} from '../../../common/validation/text-rules';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../../folders/folder-path-pattern';

export class CreateDocDto {
  /**
   * Title of the document: 1 to 255 characters after surrounding whitespace is trimmed.
   * @example "Quarterly report"
   */
  @ApiProperty({ minLength: 1, maxLength: 255 })
  @TrimmedString()
  @IsString()
  @CodePointLength(1, 255)
  @WellFormedText()
  title: string;

  /**
   * HTML the document starts with; stored sanitised (scripts, event handlers,
   * `javascript:` URLs, `id`, `name` and unsafe styles are removed). Defaults to the empty
   * string. Bounded by the 5 MiB limit on the request body; elements may nest 128 deep.
   * @example "<h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>"
   */
  @ValidateIf((body: CreateDocDto) => body.html !== undefined)
  @IsString()
  @WellFormedText()
  html?: string;

  /**
   * Folder of the document; missing folders are created with their parents.
   * @example "~/reports/2024"
   */
  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    default: '~',
    maxLength: 4096,
    description: `Folder of the document, created with its parents if missing (default \`~\`): ${FOLDER_PATH_DESCRIPTION}`,
  })
  @ValidateIf((body: CreateDocDto) => body.path !== undefined)
  @IsString()
  path?: string;
}
