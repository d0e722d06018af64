import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
} from 'class-validator';
import { TOKEN_SCOPES, TokenScope } from '../../common/decorators/required-scope.decorator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';

const SCOPES_MESSAGE = `scopes must be an array of ${TOKEN_SCOPES.join(', ')}`;
const DAYS_MESSAGE = 'expires_in_days must be an integer from 1 to 3650';

export class CreateTokenDto {
  /**
   * A name to recognise it by: 1 to 100 characters after surrounding whitespace is trimmed.
   * @example "ci pipeline"
   */
  @ApiProperty({ minLength: 1, maxLength: 100, pattern: '\\S' })
  @TrimmedString()
  @IsString()
  @CodePointLength(1, 100)
  @WellFormedText()
  name: string;

  /**
   * What it may do, within what the token making it may (`docs:write` brings `docs:read`).
   * Absent: the scopes of the token making it, but `admin`.
   */
  @ApiProperty({
    enum: TOKEN_SCOPES,
    isArray: true,
    required: false,
    example: ['docs:read'],
  })
  @IsOptional()
  @IsArray({ message: SCOPES_MESSAGE })
  @ArrayMaxSize(TOKEN_SCOPES.length * 4, { message: SCOPES_MESSAGE })
  @IsIn(TOKEN_SCOPES, { each: true, message: SCOPES_MESSAGE })
  scopes?: TokenScope[];

  /**
   * Days until it stops working, from 1 to `TOKENS_MAX_DAYS` (365 by default); absent: 90.
   * @example 30
   */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 3650, required: false })
  @IsOptional()
  @IsInt({ message: DAYS_MESSAGE })
  @Min(1, { message: DAYS_MESSAGE })
  @Max(3650, { message: DAYS_MESSAGE })
  expires_in_days?: number;
}
