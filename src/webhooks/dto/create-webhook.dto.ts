import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsString, ValidateIf } from 'class-validator';
import { CodePointLength, TrimmedString, WellFormedText } from '../../common/validation/text-rules';
import { EVENT_NAMES, type EventName } from '../event-types';
import { MAX_URL_LENGTH } from '../target-guard';

const EVENTS_MESSAGE = `events must be a non-empty list of ${EVENT_NAMES.join(', ')}`;

export class CreateWebhookDto {
  /**
   * Where events are sent (`POST`): an `https://` URL whose host is a public address (checked
   * now and again before each delivery).
   * @example "https://example.com/hooks/docs"
   */
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH })
  @TrimmedString()
  @IsString()
  url: string;

  /**
   * The events wanted, or `["*"]` for every event (those added later too).
   * @example ["document.created", "document.updated"]
   */
  @ApiProperty({ enum: EVENT_NAMES, isArray: true, minItems: 1 })
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayMaxSize(EVENT_NAMES.length * 4, { message: EVENTS_MESSAGE })
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  events: EventName[];

  /**
   * A note for you, up to 256 characters.
   * @example "Team chat notices"
   */
  @ApiProperty({ maxLength: 256, required: false })
  @ValidateIf((body: CreateWebhookDto) => body.description !== undefined)
  @TrimmedString()
  @IsString()
  @CodePointLength(0, 256)
  @WellFormedText()
  description?: string;
}
