import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { ApiSchemaExtras } from '../../common/swagger/api-schema-extras.decorator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';

/** At least one of `title` and `html` must be given (DocsService checks); the other keeps its value. */
@ApiSchemaExtras({
  minProperties: 1,
  anyOf: [
    { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
    { type: 'object', required: ['html'], properties: { html: { type: 'string' } } },
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
}
