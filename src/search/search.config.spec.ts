import { expectConfigError } from '../../test/support/config-errors';
import { readSearchConfig } from './search.config';

describe('readSearchConfig', () => {
  it.each([
    [
      'SEARCH_SCAN_LIMIT',
      'lots',
      'SEARCH_SCAN_LIMIT must be an integer between 0 and 1000000 (got "lots")',
    ],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expectConfigError(readSearchConfig, { [name]: value }, `Invalid configuration: ${message}`);
  });
});
