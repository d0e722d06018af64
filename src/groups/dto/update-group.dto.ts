import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { ApiSchemaExtras } from '../../common/swagger/api-schema-extras.decorator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, GROUP_NAME_PATTERN } from './create-group.dto';

/** What a manager changes; at least one of the two (GroupsService checks). */
@ApiSchemaExtras({
  anyOf: [
    { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    {
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string', nullable: true } },
    },
  ],
})
export class UpdateGroupDto {
  /**
   * A new name: 1 to 100 characters after trimming, unique ignoring letter case.
   * @example "Finance and Controlling"
   */
  @ApiProperty({
    minLength: 1,
    maxLength: GROUP_NAME_MAX,
    pattern: GROUP_NAME_PATTERN,
    required: false,
  })
  @TrimmedString()
  @ValidateIf((body: UpdateGroupDto) => body.name !== undefined)
  @IsString()
  @CodePointLength(1, GROUP_NAME_MAX)
  @WellFormedText()
  name?: string;

  /**
   * A new description, up to 1,000 characters; null removes it.
   * @example "Closes the books every month"
   */
  @ApiProperty({ maxLength: GROUP_DESCRIPTION_MAX, nullable: true, required: false })
  @TrimmedString()
  @ValidateIf((body: UpdateGroupDto) => body.description !== undefined && body.description !== null)
  @IsString()
  @CodePointLength(0, GROUP_DESCRIPTION_MAX)
  @WellFormedText()
  description?: string | null;
}
