import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The rules of docs/development.md ("Dependencies"), checked on every import of `src/`: the
 * infrastructure knows no feature, each part of `docs` depends only inward, nothing reaches the
 * `docs` parent module but the application, and no two features depend on each other.
 */
const src = __dirname;

/** The shared layers under the features; they import only each other. */
const INFRASTRUCTURE = ['common', 'config', 'database', 'metrics'];

/** What each part of `src/docs` may import from the other parts. */
const DOCS_PARTS: Record<string, string[]> = {
  'docs/documents': [],
  'docs/events': ['docs/documents'],
  'docs/sharing': ['docs/documents', 'docs/events'],
  'docs/revisions': ['docs/documents'],
  'docs/trash': ['docs/documents', 'docs/revisions'],
};

/** The entry points, the application module and its settings: they wire the features together. */
const APPLICATION = [
  'app',
  'cli',
  'main',
  'server',
  'settings',
  'statements',
  'swagger',
  'cluster',
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The room of a file: `docs/<part>` in `src/docs`, else its top folder or file name. */
function roomOf(path: string): string {
  const [top, second] = relative(src, path).split(/[\\/]/);
  if (top === 'docs') return second.endsWith('.ts') ? 'docs' : `docs/${second}`;
  return top.replace(/\.(factory|module)?\.?ts$/, '').replace(/\.ts$/, '');
}

/** Every room-to-room import, with one file that makes it. */
function edges(): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(src)) {
    const from = roomOf(file);
    const imported = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    for (const { fileName } of imported) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (relative(src, target).startsWith('..')) continue;
      const to = roomOf(target);
      if (to === from) continue;
      const targets = found.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, relative(src, file));
      found.set(from, targets);
    }
  }
  return found;
}

const imports = edges();
const importsOf = (room: string) => [...(imports.get(room)?.keys() ?? [])].sort();

describe('dependency rules', () => {
  it('finds the rooms it checks', () => {
    for (const room of [...INFRASTRUCTURE, ...Object.keys(DOCS_PARTS), 'webhooks', 'search']) {
      expect(imports.has(room) || room === 'config').toBe(true);
    }
  });

  it.each(INFRASTRUCTURE)('%s imports no feature', (room) => {
    const features = importsOf(room).filter((to) => !INFRASTRUCTURE.includes(to));
    expect({ room, features }).toEqual({ room, features: [] });
  });

  it.each(Object.entries(DOCS_PARTS))('docs part %s depends inward only', (room, allowed) => {
    const parts = importsOf(room).filter((to) => to.startsWith('docs'));
    expect({ room, parts: parts.filter((to) => !allowed.includes(to)) }).toEqual({
      room,
      parts: [],
    });
  });

  it('leaves the docs parent module to the application', () => {
    const users = [...imports.entries()]
      .filter(([from, targets]) => targets.has('docs') && !APPLICATION.includes(from))
      .map(([, targets]) => targets.get('docs'));
    expect(users).toEqual([]);
  });

  it('has no cycle between features', () => {
    const features = [...imports.keys()].filter((room) => !INFRASTRUCTURE.includes(room));
    const cycles = new Set<string>();
    const visit = (room: string, path: string[]) => {
      if (path.includes(room)) {
        cycles.add([...path.slice(path.indexOf(room)), room].join(' -> '));
        return;
      }
      for (const to of importsOf(room)) {
        if (features.includes(to)) visit(to, [...path, room]);
      }
    };
    for (const room of features) visit(room, []);
    expect([...cycles]).toEqual([]);
  });
});
