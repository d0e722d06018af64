// The folder-path grammar of `folders/folder-path.ts` as a schema pattern, for the OpenAPI
// document. A segment is trimmed of whitespace; what is left must be non-empty, not `.` or `..`,
// and free of `/` and control characters (U+0000–U+001F, U+007F–U+009F). Lengths (255 per
// folder name, 4,096 for the whole trimmed path) are checked by the service, not by the pattern.
const CONTROL = String.raw`\x00-\x1f\x7f-\x9f`;
const NAME_EDGE = String.raw`[^/\s${CONTROL}]`;
const NAME_INNER = String.raw`[^/${CONTROL}]`;
const SEGMENT = String.raw`/\s*(?!\.\.?\s*(?:/|$))${NAME_EDGE}(?:${NAME_INNER}*${NAME_EDGE})?\s*`;

export const FOLDER_PATH_PATTERN = String.raw`^\s*~\s*(?:${SEGMENT})*$`;

export const FOLDER_PATH_DESCRIPTION =
  '`~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is ' +
  'trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or ' +
  'control characters. The whole path is at most 64 folder names and 4,096 characters after ' +
  'trimming.';
