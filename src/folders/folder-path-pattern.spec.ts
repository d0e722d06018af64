import { FolderPath } from './folder-path';
import { FOLDER_PATH_PATTERN } from './folder-path-pattern';

// The documented pattern must agree with the parser: a client validating against the OpenAPI
// document must neither reject a path the service takes nor let through a malformed one
// (lengths aside, which the pattern leaves to the service).
const pattern = new RegExp(FOLDER_PATH_PATTERN, 'u');

function parses(path: string): boolean {
  try {
    FolderPath.parse(path);
    return true;
  } catch {
    return false;
  }
}

const cases = [
  '~',
  ' ~ ',
  '~/a',
  '~/a/b/c',
  ' ~ / a b / c ',
  '~/reports/2024',
  '~/Q3 report 📈',
  '~/.hidden',
  '~/a..b',
  '~/...',
  '~/ .. x',
  '~/\ta\t',
  '~/\u00a0a',
  '~/日本語/データ',
  '',
  ' ',
  '~~',
  'a/b',
  '/a',
  '~/',
  '~//a',
  '~/a/',
  '~/ ',
  '~/.',
  '~/..',
  '~/ .. ',
  '~/a/../b',
  '~/a\u0001b',
  '~/a\u007fb',
  '~/a\u0085b',
  '~/a\nb',
  '~a',
  ' ~/a/ . /b',
];

describe('FOLDER_PATH_PATTERN', () => {
  it.each(cases)('agrees with FolderPath.parse on %j', (path) => {
    expect(pattern.test(path)).toBe(parses(path));
  });
});
