import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  ValidateIf,
} from 'class-validator';
import { ApiSchemaExtras } from '../../common/swagger/api-schema-extras.decorator';
import { TrimmedString } from '../../common/validation/text-rules';
import { EVENT_NAMES, type EventName } from '../event-types';
import { MAX_URL_LENGTH } from '../target-guard';

const EVENTS_MESSAGE = `events must be a non-empty list of ${EVENT_NAMES.join(', ')}`;

/**
 * At least one of `url`, `events` and `active` (WebhooksService checks); the others keep their
 * values. Other keys are ignored, so they do not count: hence `anyOf`, not `minProperties`.
 */
@ApiSchemaExtras({
  anyOf: [
    { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
    { type: 'object', required: ['events'], properties: { events: { type: 'array' } } },
    { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } },
  ],
})
export class UpdateWebhookDto {
  /**
   * A new target, checked as on create.
   * @example "https://example.com/hooks/docs-v2"
   */
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH })
  @ValidateIf((body: UpdateWebhookDto) => body.url !== undefined)
  @TrimmedString()
  @IsString()
  url?: string;

  /**
   * The events wanted from now on.
   * @example ["*"]
   */
  @ApiProperty({ enum: EVENT_NAMES, isArray: true, minItems: 1 })
  @ValidateIf((body: UpdateWebhookDto) => body.events !== undefined)
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayMaxSize(EVENT_NAMES.length * 4, { message: EVENTS_MESSAGE })
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  events?: EventName[];

  /**
   * `false` pauses it (no events are written for it meanwhile); `true` resumes it, also after
   * the service disabled it for failing, with its pending deliveries.
   * @example true
   */
  @ValidateIf((body: UpdateWebhookDto) => body.active !== undefined)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
