import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { EVENT_NAMES, type EventName } from '../event-types';

/** A webhook as `GET` shows it (never its secret). */
export class WebhookDto {
  /**
   * Its id.
   * @example "0b6f2c1e-8d4a-4f3b-9c2d-5e6f7a8b9c0d"
   */
  @ApiProperty({ format: 'uuid' })
  id: string;

  /** @example "https://example.com/hooks/docs" */
  @ApiProperty({ format: 'uri' })
  url: string;

  /** @example ["document.created", "document.updated"] */
  @ApiProperty({ enum: EVENT_NAMES, isArray: true })
  events: EventName[];

  /** @example "Team chat notices" */
  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  /**
   * Whether events are written and delivered for it.
   * @example true
   */
  active: boolean;

  /**
   * Why the service turned it off (after 50 failed attempts in a row); null otherwise.
   * @example null
   */
  @ApiProperty({ type: 'string', nullable: true })
  disabled_reason: string | null;

  /** @example "2024-05-02T14:05:09.456Z" */
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/** A new webhook: the one time its secret is shown. */
export class CreatedWebhookDto extends WebhookDto {
  /**
   * Verifies the signature of each delivery (Standard Webhooks): keep it; it is never shown again.
   * @example "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7kF3vXeCOpE="
   */
  secret: string;
}

export class WebhookListDto {
  /** Your webhooks, oldest first. */
  webhooks: WebhookDto[];
}

/** One delivery attempt. */
export class DeliveryAttemptDto {
  /**
   * The event (`Webhook-Id`).
   * @example "evt_5f0c6d2a9e8b47c1a3d4e5f60718293a"
   */
  event_id: string;

  /** @example "document.updated" */
  @ApiProperty({ enum: EVENT_NAMES.filter((name) => name !== '*') })
  type: string;

  /**
   * 1 for the first attempt.
   * @example 1
   */
  attempt: number;

  /**
   * The receiver's HTTP status; null when none came.
   * @example 200
   */
  @ApiProperty({ type: 'integer', nullable: true })
  status_code: number | null;

  /**
   * Why no status came (timed out, refused, unreachable); null otherwise.
   * @example null
   */
  @ApiProperty({ type: 'string', nullable: true })
  error: string | null;

  /** @example 42 */
  duration_ms: number;

  /**
   * When it was made.
   * @example "2024-05-02T14:05:09.456Z"
   */
  @ApiProperty({ format: 'date-time' })
  delivered_at: string;

  /**
   * When it is tried again; null after a success or the last attempt.
   * @example null
   */
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  next_attempt_at: string | null;
}

export class DeliveryListDto {
  /** Attempts of the last 7 days, newest first. */
  deliveries: DeliveryAttemptDto[];

  pagination: PaginationDto;
}
