import { expectConfigError } from '../../../test/support/config-errors';
import { readRevisionsConfig } from './revisions.config';

describe('readRevisionsConfig', () => {
  it.each([
    ['REVISIONS_KEEP', '0', 'REVISIONS_KEEP must be an integer between 1 and 1000000 (got 0)'],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expectConfigError(readRevisionsConfig, { [name]: value }, `Invalid configuration: ${message}`);
  });
});
