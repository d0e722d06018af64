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
const INFRASTRUCTURE = ['common', 'config', 'database', 'events', 'metrics'];

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

/**
 * The features, each with the features it imports: exactly those (a new import between two
 * features fails here, and so does one no longer made: change this table and the guide's
 * "Dependencies point one way" together). The parts of `docs` depend inward only
 *: `documents` ← `sharing`,
 * `documents` ← `revisions` ← `trash`.
 */
const FEATURE_IMPORTS: Record<string, string[]> = {
  auth: ['idempotency', 'rate-limit', 'users'],
  demo: ['auth', 'users'],
  docs: ['docs/documents', 'docs/revisions', 'docs/sharing', 'docs/trash'],
  'docs/access': ['folders', 'users'],
  'docs/documents': ['docs/access', 'folders', 'idempotency', 'users'],
  'docs/revisions': ['docs/access', 'docs/documents', 'users'],
  'docs/sharing': ['docs/access', 'docs/documents', 'folders', 'groups', 'users'],
  'docs/trash': ['docs/access', 'docs/documents', 'docs/revisions', 'folders', 'users'],
  folders: ['users'],
  groups: ['users'],
  health: [],
  idempotency: ['users'],
  'rate-limit': [],
  search: ['docs/access', 'docs/documents', 'folders', 'users'],
  'sign-in': ['auth', 'groups', 'users'],
  users: [],
  webhooks: ['docs/access', 'users'],
};

/**
 * The tables a room's SQL names that another room owns (the room of the table's entity),
 * exactly. A room reads another's table through a join where one statement must see both (a
 * list's users, a document's folder path). The ways to a document are `docs/access`'s tables:
 * `docs/documents` names two of them in the statements that must be one (an update writes the
 * users' and grants' copies of `updated_at` with the document; a document is read with its
 * users); search and webhooks name them in their own copies of who may see a document, until
 * they ask `docs/access`.
 */
const FOREIGN_TABLES: Record<string, string[]> = {
  auth: ['users'],
  'docs/access': ['docs', 'folders', 'group_members', 'user_groups', 'users'],
  'docs/documents': ['doc_grants', 'folders', 'user_docs', 'users'],
  'docs/revisions': ['docs', 'users'],
  'docs/trash': ['docs', 'folders', 'trash'],
  groups: ['users'],
  search: [
    'docs',
    'folders',
    'search_postings',
    'search_rare_postings',
    'search_terms',
    'user_docs',
  ],
  webhooks: ['docs', 'group_members', 'user_groups', 'users'],
};

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
const FEATURES = Object.keys(FEATURE_IMPORTS);

/** The texts of a file's string and template literals. */
function literalsOf(file: string): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return texts;
}

/** Each table's owner: the room of its entity (`@Entity({ name })`), with the files that say so. */
function tableOwners(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/@Entity\(\{\s*name: '(\w+)'/g)) {
      owners.set(table, [...(owners.get(table) ?? []), roomOf(file)]);
    }
  }
  return owners;
}

const owners = tableOwners();

/**
 * The tables of other rooms that a room's SQL names: a table's name as a word (not after a `.`:
 * a column; not before one: an alias's column) in a literal that holds an SQL keyword. HTTP
 * verbs alone (`DELETE /docs`) are not SQL.
 */
function foreignTables(): Map<string, Set<string>> {
  const names = new RegExp(`(?<![\\w.])\`?(${[...owners.keys()].join('|')})\`?(?![\\w.])`, 'g');
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const room = roomOf(file);
    for (const text of literalsOf(file)) {
      if (!/\b(SELECT|FROM|JOIN|INTO|SET|WHERE|ON)\b/.test(text)) continue;
      for (const [, table] of text.matchAll(names)) {
        if (owners.get(table)?.[0] === room) continue;
        found.set(room, (found.get(room) ?? new Set()).add(table));
      }
    }
  }
  return found;
}

const foreign = foreignTables();

describe('dependency rules', () => {
  it('knows every room and only rooms that are there', () => {
    const rooms = new Set(sourceFiles(src).map(roomOf));
    expect([...rooms].sort()).toEqual([...INFRASTRUCTURE, ...APPLICATION, ...FEATURES].sort());
  });

  it.each(INFRASTRUCTURE)('%s imports no feature', (room) => {
    const features = importsOf(room).filter((to) => !INFRASTRUCTURE.includes(to));
    expect({ room, features }).toEqual({ room, features: [] });
  });

  it.each(Object.entries(FEATURE_IMPORTS))('%s imports the features of its row', (room, row) => {
    const features = importsOf(room).filter((to) => FEATURES.includes(to));
    expect({ room, features }).toEqual({ room, features: row });
  });

  it('imports nothing of the application into a feature or the infrastructure', () => {
    const up = [...imports.entries()]
      .filter(([from]) => !APPLICATION.includes(from))
      .flatMap(([, targets]) =>
        [...targets].filter(([to]) => APPLICATION.includes(to)).map(([, file]) => file),
      );
    expect(up).toEqual([]);
  });

  it('leaves the docs parent module to the application', () => {
    const users = [...imports.entries()]
      .filter(([from, targets]) => targets.has('docs') && !APPLICATION.includes(from))
      .map(([, targets]) => targets.get('docs'));
    expect(users).toEqual([]);
  });

  it('has no cycle between features', () => {
    const cycles = new Set<string>();
    const visit = (room: string, path: string[]) => {
      if (path.includes(room)) {
        cycles.add([...path.slice(path.indexOf(room)), room].join(' -> '));
        return;
      }
      for (const to of importsOf(room)) {
        if (FEATURES.includes(to)) visit(to, [...path, room]);
      }
    };
    for (const room of FEATURES) visit(room, []);
    expect([...cycles]).toEqual([]);
  });

  it('gives each table one entity, in a feature or the infrastructure', () => {
    const shared = [...owners].filter(
      ([, rooms]) => rooms.length !== 1 || APPLICATION.includes(rooms[0]),
    );
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(20);
  });

  it.each([...new Set([...FEATURES, ...INFRASTRUCTURE])])(
    "%s's SQL names only its own tables and those of its row",
    (room) => {
      const tables = [...(foreign.get(room) ?? [])].sort();
      expect({ room, tables }).toEqual({ room, tables: FOREIGN_TABLES[room] ?? [] });
    },
  );
});
