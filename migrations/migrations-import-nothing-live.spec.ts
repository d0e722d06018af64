import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { isAbsolute, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * A migration never imports live code: what it writes must stay what it wrote when it was
 * released, whatever later changes `src/`. Every `.ts` file under `migrations/` may import only
 * other files under `migrations/` (such as the frozen copies in `migrations/frozen/`), Node.js
 * built-ins and packages; the files the service runs (not the specs) only the packages it
 * depends on in production. And live code does not import the frozen copies.
 */
const root = resolve(__dirname, '..');
const migrations = __dirname;
const src = join(root, 'src');
const frozen = join(migrations, 'frozen');

const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function tsFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file names: `import`, `import type`, `export … from`, `require`, `import()`. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

function isInside(directory: string, path: string): boolean {
  const fromDirectory = relative(directory, path);
  return fromDirectory === '' || (!fromDirectory.startsWith('..') && !isAbsolute(fromDirectory));
}

/** Where a relative or absolute specifier lands; `undefined` for a package or built-in. */
function targetOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    return resolve(file, '..', specifier);
  }
  // A bare `src/…` would reach live code through a `baseUrl` or `paths` setting.
  return specifier === 'src' || specifier.startsWith('src/') ? join(root, specifier) : undefined;
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const show = (path: string) => relative(root, path);

describe('migrations import nothing live', () => {
  const files = tsFilesUnder(migrations);
  const imports = files.flatMap((file) =>
    specifiersOf(readFileSync(file, 'utf8')).map((specifier) => ({ file, specifier })),
  );

  it('reads every form of import', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "export * from './c';",
      "export { d } from './d';",
      "const e = require('./e');",
      "const f = import('./f');",
      "import g = require('./g');",
      "import './h';",
      "// import x from './not-an-import';",
      'const y = "import z from \'./not-an-import-either\'";',
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', './b', './c', './d', './e', './f', './g', './h']);
  });

  it('finds the migrations and what they import', () => {
    expect(files.map(show)).toEqual(
      expect.arrayContaining([
        join('migrations', 'mysql', '1795700000000-Search.ts'),
        join('migrations', 'sqlite', '1795700000000-Search.ts'),
        join('migrations', 'mysql', 'index.ts'),
        join('migrations', 'sqlite', 'index.ts'),
      ]),
    );
    for (const database of ['mysql', 'sqlite']) {
      const search = join(migrations, database, '1795700000000-Search.ts');
      expect(
        imports.filter(({ file }) => file === search).map(({ specifier }) => specifier),
      ).toEqual(['typeorm', '../frozen/search-terms-1795700000000']);
    }
  });

  it('no file under migrations/ imports anything outside it (src/ above all)', () => {
    const outside = imports.flatMap(({ file, specifier }) => {
      const target = targetOf(file, specifier);
      if (target === undefined || isInside(migrations, target)) return [];
      const where = isInside(src, target) ? 'live code in src/' : 'outside migrations/';
      return [`${show(file)} imports '${specifier}': ${show(target)}, ${where}`];
    });
    expect(outside).toEqual([]);
  });

  it('the migrations the service runs import only built-ins and its production packages', () => {
    const missing = imports.flatMap(({ file, specifier }) => {
      if (file.endsWith('.spec.ts') || targetOf(file, specifier) !== undefined) return [];
      if (isBuiltin(specifier) || packageOf(specifier) in dependencies) return [];
      return [`${show(file)} imports '${specifier}', not a dependency in package.json`];
    });
    expect(missing).toEqual([]);
  });

  it('live code in src/ does not import the frozen copies', () => {
    const importers = tsFilesUnder(src).flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => {
          const target = targetOf(file, specifier);
          return target !== undefined && isInside(frozen, target);
        })
        .map((specifier) => `${show(file)} imports '${specifier}'`),
    );
    expect(importers).toEqual([]);
  });
});
