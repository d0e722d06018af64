import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_VERSION } from './swagger';

const root = join(__dirname, '..');
const json = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as {
    version?: string;
    info?: { version: string };
    packages?: Record<string, { version?: string }>;
  };

describe('the version', () => {
  it('is 1.4.0 in the OpenAPI document, package.json and its lock file alike', () => {
    expect({
      served: API_VERSION,
      committedDocument: json('openapi.json').info?.version,
      package: json('package.json').version,
      lockFile: json('package-lock.json').version,
      lockFileRoot: json('package-lock.json').packages?.['']?.version,
    }).toEqual({
      served: '1.4.0',
      committedDocument: '1.4.0',
      package: '1.4.0',
      lockFile: '1.4.0',
      lockFileRoot: '1.4.0',
    });
  });
});
