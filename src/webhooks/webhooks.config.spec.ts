import { expectConfigError } from '../../test/support/config-errors';
import { readWebhooksConfig } from './webhooks.config';

describe('readWebhooksConfig', () => {
  describe('WEBHOOKS_RETRY_SCHEDULE', () => {
    it('reads durations in seconds, minutes and hours; the default spans about 28 hours', () => {
      expect(
        readWebhooksConfig({ WEBHOOKS_RETRY_SCHEDULE: ' 1s, 2m,3h ' }).retryScheduleMs,
      ).toEqual([1000, 120_000, 10_800_000]);
      const total = readWebhooksConfig({}).retryScheduleMs.reduce((sum, delay) => sum + delay, 0);
      expect(total / 3_600_000).toBeCloseTo(27.6, 1);
    });

    it('takes none for no retries', () => {
      expect(readWebhooksConfig({ WEBHOOKS_RETRY_SCHEDULE: 'none' }).retryScheduleMs).toEqual([]);
    });

    it.each(['5', '5d', '0s', '1s,,2s', '-1m', '1.5h'])('refuses %j', (value) => {
      const entry = value === '1s,,2s' ? '' : value;
      expectConfigError(
        readWebhooksConfig,
        { WEBHOOKS_RETRY_SCHEDULE: value },
        `Invalid configuration: WEBHOOKS_RETRY_SCHEDULE must be comma-separated durations such as 5s,5m,2h (got ${JSON.stringify(entry)})`,
      );
    });

    it('refuses more than 50 retries', () => {
      expectConfigError(
        readWebhooksConfig,
        { WEBHOOKS_RETRY_SCHEDULE: Array(51).fill('1s').join(',') },
        'Invalid configuration: WEBHOOKS_RETRY_SCHEDULE may list at most 50 retries (got 51)',
      );
    });
  });

  describe('WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE, WEBHOOKS_DELIVER', () => {
    it('reads them as booleans', () => {
      const webhooks = readWebhooksConfig({
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE: 'yes',
        WEBHOOKS_DELIVER: 'off',
      });
      expect(webhooks).toMatchObject({ allowHttp: true, allowPrivate: true, deliver: false });
    });

    it('refuses a value that is no boolean', () => {
      expectConfigError(
        readWebhooksConfig,
        { WEBHOOKS_ALLOW_PRIVATE: 'maybe' },
        'Invalid configuration: WEBHOOKS_ALLOW_PRIVATE must be true or false (got "maybe")',
      );
    });
  });
});
