import { ApiProperty } from '@nestjs/swagger';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_NAME_PATTERN,
  NewGroupInput,
} from './new-group.input';

export { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, GROUP_NAME_PATTERN };

/** A new group: the rules are `NewGroupInput`'s. */
export class CreateGroupDto extends NewGroupInput {
  /**
   * 1 to 100 characters after surrounding whitespace is trimmed; unique across the service,
   * ignoring letter case.
   * @example "Finance"
   */
  @ApiProperty({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: GROUP_NAME_PATTERN })
  declare name: string;

  /**
   * What the group is for: up to 1,000 characters, trimmed. Null or absent: none.
   * @example "Everyone who closes the books"
   */
  @ApiProperty({ maxLength: GROUP_DESCRIPTION_MAX, nullable: true, required: false })
  declare description?: string | null;
}
