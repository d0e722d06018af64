import { expectConfigError } from '../../test/support/config-errors';
import { readRateLimitConfig } from './rate-limit.config';

describe('readRateLimitConfig', () => {
  it.each([
    [
      'RATE_LIMIT_PER_TOKEN',
      '-1',
      'RATE_LIMIT_PER_TOKEN must be an integer between 0 and 1000000000 (got "-1")',
    ],
    [
      'RATE_LIMIT_PER_ADDRESS',
      'many',
      'RATE_LIMIT_PER_ADDRESS must be an integer between 0 and 1000000000 (got "many")',
    ],
    [
      'RATE_LIMIT_WINDOW_MS',
      '10',
      'RATE_LIMIT_WINDOW_MS must be an integer between 1000 and 3600000 (got 10)',
    ],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expectConfigError(readRateLimitConfig, { [name]: value }, `Invalid configuration: ${message}`);
  });

  it.each([
    ['localhost:6379', 'REDIS_URL must start with redis:// or rediss://'],
    ['http://127.0.0.1:6379', 'REDIS_URL must start with redis:// or rediss://'],
    ['not a url', 'REDIS_URL is not a valid URL'],
  ])('rejects REDIS_URL=%s', (value, message) => {
    expectConfigError(
      readRateLimitConfig,
      { REDIS_URL: value },
      `Invalid configuration: ${message}`,
    );
  });
});
