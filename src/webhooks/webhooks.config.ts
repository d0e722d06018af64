import { ConfigType, registerAs } from '@nestjs/config';
import { IsOptional, IsString } from 'class-validator';
import {
  ConfigError,
  HOUR_MS,
  IntegerBetween,
  readEnvironment,
  TrueOrFalse,
} from '../config/environment';

/** Seven retries over about 28 hours. */
const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: HOUR_MS };
const MAX_RETRIES = 50;

class WebhooksVariables {
  @TrueOrFalse('WEBHOOKS_ALLOW_HTTP')
  WEBHOOKS_ALLOW_HTTP?: boolean;

  @TrueOrFalse('WEBHOOKS_ALLOW_PRIVATE')
  WEBHOOKS_ALLOW_PRIVATE?: boolean;

  @IsOptional()
  @IsString()
  WEBHOOKS_RETRY_SCHEDULE?: string;

  @TrueOrFalse('WEBHOOKS_DELIVER')
  WEBHOOKS_DELIVER?: boolean;

  @IntegerBetween('WEBHOOKS_POLL_MS', 10, HOUR_MS)
  WEBHOOKS_POLL_MS?: number;
}

/**
 * Which targets webhooks may have and how their events are delivered; throws ConfigError naming
 * the first bad variable.
 */
export function readWebhooksConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(WebhooksVariables, env);
  return {
    /** `http://` targets too (`WEBHOOKS_ALLOW_HTTP`); otherwise `https://` only. */
    allowHttp: vars.WEBHOOKS_ALLOW_HTTP ?? false,
    /** Loopback, private, link-local... targets too (`WEBHOOKS_ALLOW_PRIVATE`): tests, private networks. */
    allowPrivate: vars.WEBHOOKS_ALLOW_PRIVATE ?? false,
    /** The delay before each retry of a failed delivery, in milliseconds. */
    retryScheduleMs: parseRetrySchedule(vars.WEBHOOKS_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE),
    /** Whether this instance delivers events (`WEBHOOKS_DELIVER`); every instance writes them. */
    deliver: vars.WEBHOOKS_DELIVER ?? true,
    /** How often an idle dispatcher looks for due deliveries. */
    pollMs: vars.WEBHOOKS_POLL_MS ?? 250,
  };
}

export const webhooksConfig = registerAs('webhooks', () => readWebhooksConfig(process.env));

export type WebhooksConfig = ConfigType<typeof webhooksConfig>;

/** Comma-separated durations with a unit (`5s`, `30m`, `2h`); empty: no retries. */
export function parseRetrySchedule(value: string): number[] {
  if (value.trim() === '' || value.trim().toLowerCase() === 'none') return [];
  const delays = value.split(',').map((entry) => {
    const match = /^(\d{1,6})(s|m|h)$/.exec(entry.trim());
    if (!match || Number(match[1]) === 0) {
      throw new ConfigError(
        `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE must be comma-separated durations such as 5s,5m,2h (got ${JSON.stringify(entry.trim())})`,
      );
    }
    return Number(match[1]) * DURATION_UNITS_MS[match[2]];
  });
  if (delays.length > MAX_RETRIES) {
    throw new ConfigError(
      `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE may list at most ${MAX_RETRIES} retries (got ${delays.length})`,
    );
  }
  return delays;
}
