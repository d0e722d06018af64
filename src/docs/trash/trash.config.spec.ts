import { expectConfigError } from '../../../test/support/config-errors';
import { readTrashConfig } from './trash.config';

describe('readTrashConfig', () => {
  it.each([
    [
      'TRASH_RETENTION_DAYS',
      '-1',
      'TRASH_RETENTION_DAYS must be an integer between 0 and 36500 (got "-1")',
    ],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expectConfigError(readTrashConfig, { [name]: value }, `Invalid configuration: ${message}`);
  });
});
