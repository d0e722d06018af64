import { expectConfigError, rejectionOf } from '../../test/support/config-errors';
import { ConfigError } from './environment';
import { readServerConfig } from './server.config';

describe('readServerConfig', () => {
  describe('PORT', () => {
    it.each([
      { value: 'abc', got: '"abc"' },
      { value: '-1', got: '"-1"' },
      { value: '70000', got: '70000' },
      { value: '65536', got: '65536' },
      { value: '1.5', got: '"1.5"' },
      { value: '80abc', got: '"80abc"' },
    ])('rejects $value with a message naming PORT', ({ value, got }) => {
      expectConfigError(
        readServerConfig,
        { PORT: value },
        `Invalid configuration: PORT must be an integer between 0 and 65535 (got ${got})`,
      );
    });
  });

  describe('SEED_DEMO_USER', () => {
    it.each(['garbage', '2', 'truthy'])(
      'rejects %s with a message naming SEED_DEMO_USER',
      (value) => {
        expectConfigError(
          readServerConfig,
          { SEED_DEMO_USER: value },
          `Invalid configuration: SEED_DEMO_USER must be true or false (got "${value}")`,
        );
      },
    );
  });

  describe('LOG_LEVEL', () => {
    it.each(['loud', 'DEBUG', 'info'])('rejects %s with a message listing the levels', (value) => {
      expectConfigError(
        readServerConfig,
        { LOG_LEVEL: value },
        `Invalid configuration: LOG_LEVEL must be one of error, warn, log, debug, verbose (got "${value}")`,
      );
    });
  });

  describe('timeouts', () => {
    it.each([
      [
        'REQUEST_TIMEOUT_MS',
        '2.5',
        'REQUEST_TIMEOUT_MS must be an integer between 100 and 3600000 (got "2.5")',
      ],
      [
        'SHUTDOWN_GRACE_MS',
        '-5',
        'SHUTDOWN_GRACE_MS must be an integer between 0 and 3600000 (got "-5")',
      ],
      [
        'SHUTDOWN_DRAIN_MS',
        'soon',
        'SHUTDOWN_DRAIN_MS must be an integer between 0 and 3600000 (got "soon")',
      ],
      [
        'SHUTDOWN_READY_DELAY_MS',
        '5s',
        'SHUTDOWN_READY_DELAY_MS must be an integer between 0 and 3600000 (got "5s")',
      ],
    ])('rejects %s=%s naming the variable', (name, value, message) => {
      expectConfigError(readServerConfig, { [name]: value }, `Invalid configuration: ${message}`);
    });
  });

  describe('TRUST_PROXY', () => {
    it.each([
      ['false', false],
      ['true', true],
      ['1', true],
      ['2', 2],
      ['loopback', ['loopback']],
      ['10.0.0.0/8, 127.0.0.1, ::1, fd00::/8', ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']],
    ])('reads %s', (value, trustProxy) => {
      expect(readServerConfig({ TRUST_PROXY: value }).http.trustProxy).toEqual(trustProxy);
    });

    it.each(['everyone', '10.0.0.0/33', '300.1.1.1', 'loopback,,'])('rejects %s', (value) => {
      expect(rejectionOf(readServerConfig, { TRUST_PROXY: value })).toBeInstanceOf(ConfigError);
      expect((rejectionOf(readServerConfig, { TRUST_PROXY: value }) as Error).message).toMatch(
        /^Invalid configuration: TRUST_PROXY must be /,
      );
    });
  });

  describe('CORS_ORIGINS', () => {
    it('reads a comma-separated allow-list of origins', () => {
      expect(
        readServerConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/' }).http
          .corsOrigins,
      ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    });

    it('accepts *', () => {
      expect(readServerConfig({ CORS_ORIGINS: '*' }).http.corsOrigins).toEqual(['*']);
    });

    it.each(['app.example.com', 'https://app.example.com/path', 'ftp://files.example.com'])(
      'rejects %s',
      (value) => {
        expectConfigError(
          readServerConfig,
          { CORS_ORIGINS: value },
          `Invalid configuration: CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com (got ${JSON.stringify(value)})`,
        );
      },
    );
  });
});
