import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

/** A name has a character other than whitespace (it is trimmed, and must not end up empty). */
export const GROUP_NAME_PATTERN = '\\S';

export class CreateGroupDto {
  /**
   * 1 to 100 characters after surrounding whitespace is trimmed; unique across the service,
   * ignoring letter case.
   * @example "Finance"
   */
  @ApiProperty({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: GROUP_NAME_PATTERN })
  @TrimmedString()
  @IsString()
  @CodePointLength(1, GROUP_NAME_MAX)
  @WellFormedText()
  name: string;

  /**
   * What the group is for: up to 1,000 characters, trimmed. Null or absent: none.
   * @example "Everyone who closes the books"
   */
  @ApiProperty({ maxLength: GROUP_DESCRIPTION_MAX, nullable: true, required: false })
  @TrimmedString()
  @ValidateIf((body: CreateGroupDto) => body.description !== undefined && body.description !== null)
  @IsString()
  @CodePointLength(0, GROUP_DESCRIPTION_MAX)
  @WellFormedText()
  description?: string | null;
}
