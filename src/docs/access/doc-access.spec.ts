import { deniedMessage, DocAction, mayDo, type Role } from './doc-access';

describe('document access by role', () => {
  const table: [Role, DocAction, boolean][] = [
    ['owner', 'update', true],
    ['owner', 'move', true],
    ['owner', 'delete', true],
    ['owner', 'manage members', true],
    ['editor', 'update', true],
    ['editor', 'move', false],
    ['editor', 'delete', false],
    ['editor', 'manage members', false],
    ['viewer', 'update', false],
    ['viewer', 'move', false],
    ['viewer', 'delete', false],
    ['viewer', 'manage members', false],
  ];
  it.each(table)('%s may %s: %p', (role, action, allowed) => {
    expect(mayDo(role, action)).toBe(allowed);
  });

  it.each([
    ['viewer', 'update', 'only the owner or an editor may change this document; you are a viewer'],
    ['editor', 'move', 'only the owner may move this document; you are an editor'],
    ['editor', 'delete', 'only the owner may delete this document; you are an editor'],
    [
      'viewer',
      'manage members',
      'only the owner may share or unshare this document; you are a viewer',
    ],
  ] as [Role, DocAction, string][])('tells a %s who may %s', (role, action, message) => {
    expect(deniedMessage(role, action)).toBe(message);
  });
});
