import { createHash } from 'node:crypto';
import { InvalidInput } from '../common/errors/domain-errors';
import { codePointLength, hasLoneSurrogate } from '../common/validation/text-rules';

export const HOME = '~';
export const MAX_SEGMENT_LENGTH = 255;
/** Bounds the whole path in characters, and in folders: one request makes at most 64. */
export const MAX_PATH_LENGTH = 4096;
export const MAX_PATH_DEPTH = 64;

export class InvalidFolderPath extends InvalidInput {}

/**
 * A location in a user's folders: `~` (home), `~/a`, `~/a/b`. Parsing trims the whitespace
 * around each folder name and rejects empty names, `.`, `..` and control characters.
 */
export class FolderPath {
  private constructor(readonly segments: readonly string[]) {}

  static readonly home = new FolderPath([]);

  static parse(input: string): FolderPath {
    const [root, ...rest] = input.split('/');
    if (root.trim() !== HOME) {
      throw new InvalidFolderPath('path must be "~" or start with "~/", as in "~/projects/2024"');
    }
    if (rest.length > MAX_PATH_DEPTH) {
      throw new InvalidFolderPath(
        `path must have at most ${MAX_PATH_DEPTH} folder names after "~"`,
      );
    }
    const segments = rest.map((raw) => checkedSegment(raw.trim()));
    const path = new FolderPath(segments);
    if (codePointLength(path.toString()) > MAX_PATH_LENGTH) {
      throw new InvalidFolderPath(`path must be at most ${MAX_PATH_LENGTH} characters`);
    }
    return path;
  }

  get isHome(): boolean {
    return this.segments.length === 0;
  }

  toString(): string {
    return [HOME, ...this.segments].join('/');
  }

  /** `~/a/b` gives `~/a` and `~/a/b`: the folders that must exist for this one to exist. */
  lineage(): FolderPath[] {
    return this.segments.map((_, index) => new FolderPath(this.segments.slice(0, index + 1)));
  }

  /**
   * The path hashes of home, every ancestor and this folder: a share of any of them covers the
   * documents here.
   */
  enclosingHashes(): string[] {
    return [FolderPath.home, ...this.lineage()].map((folder) => folder.hash());
  }

  /** Key of the unique index: paths can be longer than an index entry may be. */
  hash(): string {
    return createHash('sha256').update(this.toString(), 'utf8').digest('hex');
  }
}

function checkedSegment(segment: string): string {
  if (segment.length === 0) {
    throw new InvalidFolderPath(
      'path must not contain an empty folder name (as in "~/a//b" or "~/a/")',
    );
  }
  if (segment === '.' || segment === '..') {
    throw new InvalidFolderPath('path must not contain "." or ".." as a folder name');
  }
  if (/\p{Cc}/u.test(segment)) {
    throw new InvalidFolderPath('folder names must not contain control characters');
  }
  if (hasLoneSurrogate(segment)) {
    throw new InvalidFolderPath('folder names must be valid Unicode text (no lone surrogates)');
  }
  if (codePointLength(segment) > MAX_SEGMENT_LENGTH) {
    throw new InvalidFolderPath(`folder names must be at most ${MAX_SEGMENT_LENGTH} characters`);
  }
  return segment;
}
