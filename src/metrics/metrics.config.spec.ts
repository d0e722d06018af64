import { expectConfigError } from '../../test/support/config-errors';
import { readMetricsConfig } from './metrics.config';

describe('readMetricsConfig', () => {
  describe('metrics', () => {
    it('are off unless METRICS_PORT is set', () => {
      expect(readMetricsConfig({ METRICS_HOST: '127.0.0.1' }).listener).toBeNull();
    });

    it('listen on HOST unless METRICS_HOST is given', () => {
      expect(readMetricsConfig({ HOST: '10.0.0.5', METRICS_PORT: '9464' }).listener).toEqual({
        host: '10.0.0.5',
        port: 9464,
      });
      expect(
        readMetricsConfig({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).listener,
      ).toEqual({ host: '127.0.0.1', port: 9464 });
    });

    it.each([
      ['0', 'METRICS_PORT must be an integer between 1 and 65535 (got 0)'],
      ['metrics', 'METRICS_PORT must be an integer between 1 and 65535 (got "metrics")'],
    ])('rejects METRICS_PORT=%s', (value, message) => {
      expectConfigError(
        readMetricsConfig,
        { METRICS_PORT: value },
        `Invalid configuration: ${message}`,
      );
    });

    it('refuses the public port', () => {
      expectConfigError(
        readMetricsConfig,
        { PORT: '8080', METRICS_PORT: '8080' },
        'Invalid configuration: METRICS_PORT must differ from PORT: metrics are never served on the public port (got 8080)',
      );
    });
  });
});
