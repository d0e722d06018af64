import { ConfigError } from '../config/environment';
import { readTokensConfig } from './tokens.config';

describe('tokens settings', () => {
  it('lets tokens made through the API live 90 days by default, 365 at most', () => {
    expect(readTokensConfig({})).toEqual({ maxDays: 365, defaultDays: 90, maxActive: 50 });
  });

  it('takes TOKENS_MAX_DAYS from 1 to 3650; the default lifetime never exceeds it', () => {
    expect(readTokensConfig({ TOKENS_MAX_DAYS: '3650' }).maxDays).toBe(3650);
    expect(readTokensConfig({ TOKENS_MAX_DAYS: '30' })).toMatchObject({
      maxDays: 30,
      defaultDays: 30,
    });
  });

  it.each(['0', '3651', '1.5', 'a year'])('refuses TOKENS_MAX_DAYS=%j', (value) => {
    expect(() => readTokensConfig({ TOKENS_MAX_DAYS: value })).toThrow(ConfigError);
    expect(() => readTokensConfig({ TOKENS_MAX_DAYS: value })).toThrow('TOKENS_MAX_DAYS');
  });
});
