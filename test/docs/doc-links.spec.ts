// The documentation's links: every relative link and #anchor of README.md and docs/ resolves, the
// checker does report broken ones, and the README stays a front door.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Plain CommonJS, run by CI with the system Node as well: its one function, typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkDocLinks } = require('../../scripts/check-doc-links') as {
  checkDocLinks: (rootDir: string) => string[];
};

const repoRoot = join(__dirname, '..', '..');

describe('documentation links', () => {
  it('resolves every relative link and anchor of README.md and docs/', () => {
    expect(checkDocLinks(repoRoot)).toEqual([]);
  });

  it('keeps README.md under 250 lines', () => {
    const lines = readFileSync(join(repoRoot, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThan(250);
  });

  describe('a folder with broken links', () => {
    let root: string;

    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'doc-links-'));
      mkdirSync(join(root, 'docs'));
      writeFileSync(
        join(root, 'README.md'),
        [
          '# Fixture: the `README`',
          '',
          'See [the missing page](docs/missing.md) and [nowhere](#no-such-heading).',
          'These resolve: [page A](docs/a.md), [its second part](docs/a.md#part-two-1),',
          '[this heading](#fixture-the-readme), [the folder](docs/) and [a site](https://example.com).',
          '',
          '```md',
          '[inside a code block](docs/nothing.md)',
          '```',
          '',
          'Inline code is no link either: `[x](docs/none.md)`.',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(root, 'docs', 'a.md'),
        [
          '# Page A',
          '',
          '## Part two',
          '',
          '## Part two',
          '',
          'Back to [the README](../README.md#nope), [its top](../README.md#fixture-the-readme),',
          '[the second part](#part-two-1) and [a third that is not there](#part-two-2).',
          '',
        ].join('\n'),
      );
    });

    afterAll(() => {
      rmSync(root, { recursive: true, force: true });
    });

    it('reports each broken file and anchor with its file and line', () => {
      expect(checkDocLinks(root)).toEqual([
        'README.md:3: docs/missing.md: no such file or folder',
        'README.md:3: #no-such-heading: no heading with that anchor',
        'docs/a.md:7: ../README.md#nope: no heading with that anchor',
        'docs/a.md:8: #part-two-2: no heading with that anchor',
      ]);
    });
  });
});
