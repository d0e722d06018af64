import { createHash } from 'node:crypto';
import { InvalidInput } from '../common/errors/domain-errors';
import { FolderPath, InvalidFolderPath, MAX_PATH_DEPTH, MAX_PATH_LENGTH } from './folder-path';

const MUST_START_WITH_HOME = 'path must be "~" or start with "~/", as in "~/projects/2024"';
const NO_EMPTY_NAMES = 'path must not contain an empty folder name (as in "~/a//b" or "~/a/")';
const NO_DOT_NAMES = 'path must not contain "." or ".." as a folder name';
const NO_CONTROL_CHARACTERS = 'folder names must not contain control characters';
const NAME_TOO_LONG = 'folder names must be at most 255 characters';
const PATH_TOO_LONG = 'path must be at most 4096 characters';
const PATH_TOO_DEEP = 'path must have at most 64 folder names after "~"';

/** An emoji outside the BMP: one code point, two UTF-16 units. */
const EMOJI = '😀';

/** Parses `input` expecting a rejection, and returns what was thrown. */
function rejectionOf(input: string): unknown {
  try {
    FolderPath.parse(input);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected, but it was accepted`);
}

function expectRejected(input: string, message: string): void {
  const error = rejectionOf(input);
  expect(error).toBeInstanceOf(InvalidFolderPath);
  expect(error).toBeInstanceOf(InvalidInput);
  expect((error as Error).message).toBe(message);
}

describe('FolderPath', () => {
  describe('parse: accepted paths', () => {
    it.each([
      { input: '~', path: '~', segments: [] },
      { input: '~/a', path: '~/a', segments: ['a'] },
      { input: '~/a/b/c', path: '~/a/b/c', segments: ['a', 'b', 'c'] },
      { input: '~/projects/2024', path: '~/projects/2024', segments: ['projects', '2024'] },
    ])('parses $input into the segments $segments', ({ input, path, segments }) => {
      const parsed = FolderPath.parse(input);
      expect(parsed.segments).toEqual(segments);
      expect(parsed.toString()).toBe(path);
    });

    it.each([
      { label: 'spaces around a name', input: '~/  a  ', path: '~/a' },
      { label: 'spaces around each name', input: '~/ a / b /c ', path: '~/a/b/c' },
      { label: 'spaces around "~"', input: '  ~  ', path: '~' },
      { label: 'spaces around "~" before a name', input: ' ~ / a', path: '~/a' },
      { label: 'tabs and newlines around a name', input: '~/\t\n a \n\t', path: '~/a' },
      { label: 'no-break and ideographic spaces', input: '~/\u00a0a\u3000', path: '~/a' },
    ])('trims whitespace: $label', ({ input, path }) => {
      expect(FolderPath.parse(input).toString()).toBe(path);
    });

    it('keeps the whitespace inside a folder name', () => {
      expect(FolderPath.parse('~/  my   notes  ').segments).toEqual(['my   notes']);
    });

    it.each([
      { label: 'three dots', input: '~/...', segments: ['...'] },
      { label: 'a name starting with a dot', input: '~/.config', segments: ['.config'] },
      { label: 'a name ending with two dots', input: '~/a..', segments: ['a..'] },
      { label: 'a name containing "~"', input: '~/~/~a', segments: ['~', '~a'] },
    ])('accepts names that merely contain dots or tildes: $label', ({ input, segments }) => {
      expect(FolderPath.parse(input).segments).toEqual(segments);
    });

    it.each([
      { label: 'Japanese', name: '日本語のフォルダ' },
      { label: 'Greek with accents', name: 'Ελληνικά ά' },
      { label: 'emoji with a skin-tone modifier', name: '👍🏽 done' },
      { label: 'combining accent (not normalised)', name: 'cafe\u0301' },
      { label: 'precomposed accent', name: 'caf\u00e9' },
    ])('keeps unicode names verbatim: $label', ({ name }) => {
      const parsed = FolderPath.parse(`~/${name}`);
      expect(parsed.segments).toEqual([name]);
      expect(parsed.toString()).toBe(`~/${name}`);
    });

    it('accepts a name of 255 code points even when that is 510 UTF-16 units', () => {
      const name = EMOJI.repeat(255);
      expect(name.length).toBe(510);
      expect(FolderPath.parse(`~/${name}`).segments).toEqual([name]);
    });

    it('accepts a name of 255 ASCII characters', () => {
      const name = 'x'.repeat(255);
      expect(FolderPath.parse(`~/${name}`).segments).toEqual([name]);
    });

    it('counts a name after trimming, so 255 code points with padding is accepted', () => {
      const name = 'x'.repeat(255);
      expect(FolderPath.parse(`~/   ${name}   `).segments).toEqual([name]);
    });

    it('accepts a whole path of exactly MAX_PATH_LENGTH (4096) code points', () => {
      // "~" + 15 × "/" + 255 + "/" + 254 = 1 + 3840 + 255 = 4096
      const segments = [...Array<string>(15).fill(EMOJI.repeat(255)), EMOJI.repeat(254)];
      const input = ['~', ...segments].join('/');
      expect(MAX_PATH_LENGTH).toBe(4096);
      expect([...input].length).toBe(4096);
      expect(FolderPath.parse(input).segments).toEqual(segments);
    });

    it('accepts MAX_PATH_DEPTH (64) folder names', () => {
      expect(MAX_PATH_DEPTH).toBe(64);
      const path = FolderPath.parse(['~', ...Array<string>(64).fill(' a ')].join('/'));
      expect(path.segments).toHaveLength(64);
      expect(path.lineage()).toHaveLength(64);
    });

    it('measures the whole-path cap after trimming each name', () => {
      const segments = [...Array<string>(15).fill('x'.repeat(255)), 'x'.repeat(254)];
      const padded = ['~', ...segments.map((segment) => `  ${segment}  `)].join('/');
      expect(FolderPath.parse(padded).toString()).toBe(['~', ...segments].join('/'));
    });
  });

  describe('parse: rejected paths', () => {
    it.each([
      { label: 'a bare name', input: 'a' },
      { label: 'an absolute path', input: '/a' },
      { label: 'a name glued to "~"', input: '~a' },
      { label: 'a name glued to "~" before a slash', input: '~a/b' },
      { label: 'the empty string', input: '' },
      { label: 'whitespace only', input: '   ' },
      { label: 'a relative path', input: './a' },
      { label: 'a doubled "~"', input: '~~/a' },
    ])('rejects a path not starting with "~": $label', ({ input }) => {
      expectRejected(input, MUST_START_WITH_HOME);
    });

    it.each([
      { label: 'a trailing slash on "~"', input: '~/' },
      { label: 'a doubled slash', input: '~//a' },
      { label: 'a trailing slash after a name', input: '~/a/' },
      { label: 'a doubled slash in the middle', input: '~/a//b' },
      { label: 'a whitespace-only name', input: '~/a/   /b' },
    ])('rejects an empty folder name: $label', ({ input }) => {
      expectRejected(input, NO_EMPTY_NAMES);
    });

    it.each([
      { label: '"."', input: '~/.' },
      { label: '".."', input: '~/..' },
      { label: '".." after a name', input: '~/a/..' },
      { label: '"." in the middle', input: '~/a/./b' },
      { label: '".." padded with spaces', input: '~/ .. ' },
    ])('rejects a dot name: $label', ({ input }) => {
      expectRejected(input, NO_DOT_NAMES);
    });

    it.each([
      { label: 'NUL (U+0000)', input: '~/a\u0000b' },
      { label: 'a tab inside a name', input: '~/a\tb' },
      { label: 'a newline inside a name', input: '~/a\nb' },
      { label: 'DEL (U+007F)', input: '~/a\u007f' },
      { label: 'NEL (U+0085), which trimming does not remove', input: '~/\u0085a' },
      { label: 'a C1 control (U+009F) in a later name', input: '~/a/b\u009f' },
    ])('rejects control characters: $label', ({ input }) => {
      expectRejected(input, NO_CONTROL_CHARACTERS);
    });

    it('rejects a name of 256 code points made of emoji', () => {
      expectRejected(`~/${EMOJI.repeat(256)}`, NAME_TOO_LONG);
    });

    it('rejects a name of 256 ASCII characters in a nested path', () => {
      expectRejected(`~/a/${'x'.repeat(256)}/b`, NAME_TOO_LONG);
    });

    it('rejects a whole path of MAX_PATH_LENGTH + 1 (4097) code points', () => {
      const input = ['~', ...Array<string>(16).fill(EMOJI.repeat(255))].join('/');
      expect([...input].length).toBe(4097);
      expectRejected(input, PATH_TOO_LONG);
    });

    it('rejects MAX_PATH_DEPTH + 1 (65) folder names, short as they are', () => {
      expectRejected(['~', ...Array<string>(65).fill('a')].join('/'), PATH_TOO_DEEP);
      expectRejected(`~${'/a'.repeat(2000)}`, PATH_TOO_DEEP);
    });

    it('says the path is too deep before looking at its names', () => {
      expectRejected(['~', ...Array<string>(64).fill('a'), '..'].join('/'), PATH_TOO_DEEP);
    });
  });

  describe('isHome', () => {
    it.each([
      { input: '~', isHome: true },
      { input: '  ~ ', isHome: true },
      { input: '~/a', isHome: false },
      { input: '~/a/b', isHome: false },
    ])('is $isHome for $input', ({ input, isHome }) => {
      expect(FolderPath.parse(input).isHome).toBe(isHome);
    });

    it('is true for FolderPath.home, which prints as "~"', () => {
      expect(FolderPath.home.isHome).toBe(true);
      expect(FolderPath.home.toString()).toBe('~');
    });
  });

  describe('lineage', () => {
    it.each([
      { input: '~', lineage: [] },
      { input: '~/a', lineage: ['~/a'] },
      { input: '~/a/b/c', lineage: ['~/a', '~/a/b', '~/a/b/c'] },
      { input: '~/ x / y ', lineage: ['~/x', '~/x/y'] },
    ])('lists the folders from the top down for $input', ({ input, lineage }) => {
      expect(
        FolderPath.parse(input)
          .lineage()
          .map((path) => path.toString()),
      ).toEqual(lineage);
    });

    it('gives paths whose segments are the prefixes of the original', () => {
      expect(
        FolderPath.parse('~/a/b')
          .lineage()
          .map((path) => path.segments),
      ).toEqual([['a'], ['a', 'b']]);
    });
  });

  describe('hash', () => {
    const sha256Hex = (text: string): string =>
      createHash('sha256').update(text, 'utf8').digest('hex');

    it('is the hex SHA-256 of the printed path', () => {
      expect(FolderPath.parse('~/a/b').hash()).toBe(sha256Hex('~/a/b'));
    });

    it('is the hex SHA-256 of "~" for the home folder', () => {
      expect(FolderPath.home.hash()).toBe(sha256Hex('~'));
    });

    it('hashes the UTF-8 bytes of unicode names', () => {
      expect(FolderPath.parse('~/日本 😀').hash()).toBe(sha256Hex('~/日本 😀'));
    });

    it('is the same for inputs that differ only in trimmed whitespace', () => {
      expect(FolderPath.parse(' ~ /  a  / b').hash()).toBe(FolderPath.parse('~/a/b').hash());
    });

    it('differs between different paths', () => {
      expect(FolderPath.parse('~/a/b').hash()).not.toBe(FolderPath.parse('~/a').hash());
    });

    it('is 64 lowercase hex digits', () => {
      expect(FolderPath.parse('~/a').hash()).toMatch(/^[0-9a-f]{64}$/);
    });
  });
});
