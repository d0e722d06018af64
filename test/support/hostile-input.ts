// Arbitraries and small models of the documented input rules, for the property-based tests of
// hostile input. The models restate the rules of docs/api-guide.md (title, path, page, per_page, uuid);
// the tests compare the service's answer with them.
import fc from 'fast-check';

/** Run settings for one property: a fixed number of cases, and `FUZZ_SEED` when it is set. */
export function fuzzParameters(numRuns: number): { numRuns: number; seed?: number } {
  const seed = process.env.FUZZ_SEED;
  if (seed === undefined || seed === '') return { numRuns };
  const parsed = Number(seed);
  if (!Number.isInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer (got "${seed}")`);
  return { numRuns, seed: parsed };
}

/** SQL metacharacters and injection attempts, as whole strings. */
export const SQL_METACHARACTERS = [
  "'",
  '"',
  '\\',
  ';',
  '--',
  '/*',
  '*/',
  '%',
  '_',
  '`',
  "' OR 1=1 --",
  '" OR ""="',
  "'); DROP TABLE docs; --",
  '\\0',
  '\u0000',
  "\\'",
  '%_%',
  '`docs`',
  "1' UNION SELECT token_hash FROM api_tokens --",
];

/** Odd but well-formed Unicode: RTL marks, combining characters, emoji, 4-byte characters. */
export const ODD_UNICODE = [
  '\u202e', // right-to-left override
  '\u200f', // right-to-left mark
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\ufeff', // byte-order mark
  '\u00a0', // no-break space
  '\u2028', // line separator
  'e\u0301', // e and a combining acute accent
  'a\u0300\u0301\u0302\u0303',
  '😀',
  '👨‍👩‍👧',
  '👍🏽',
  '𝄞',
  '𠜎',
  '\u{10ffff}',
  '\ufffd',
  'Ａ',
  'ß',
  'İ',
  'ﷺ',
  'עברית',
  'مرحبا',
];

const ASCII_CONTROLS = ['\t', '\n', '\r', '\u0001', '\u001f', '\u007f', '\u0085'];

/** One nasty piece of text: a metacharacter, odd Unicode, a control, or random code points. */
const nastyPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_METACHARACTERS) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...ASCII_CONTROLS, ' ', '  ', '/', '~', '.', '..') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }) },
);

/** Well-formed text (no lone surrogates) made of nasty pieces. */
export const nastyText = (maxPieces = 8): fc.Arbitrary<string> =>
  fc.array(nastyPiece, { maxLength: maxPieces }).map((pieces) => pieces.join(''));

/** Text of about `min`..`max` code points drawn from nasty single code points. */
export const textOfCodePoints = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom('😀', '𝄞', '𠜎', 'é', '\u0301', '\u202e', 'a', "'", '%', '\u0000', ' '),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      { minLength: min, maxLength: max },
    )
    .map((chars) => chars.join(''));

/** A folder name: usually valid, sometimes with controls, dots or surrounding whitespace. */
export const folderName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyText(4).filter((name) => !name.includes('/')) },
  { weight: 1, arbitrary: fc.constantFrom('.', '..', ' . ', '', '   ', ' a ', 'x'.repeat(256)) },
  { weight: 1, arbitrary: textOfCodePoints(250, 258).filter((name) => !name.includes('/')) },
);

/** A path: mostly `~/...` shaped, sometimes anything at all. */
export const folderPath: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom('~', ' ~', '~ ', ' ~ '),
        fc.array(folderName, { maxLength: 4 }),
        fc.constantFrom('', '', '', '/'),
      )
      .map(([root, names, tail]) => [root, ...names].join('/') + tail),
  },
  { weight: 1, arbitrary: nastyText(4) },
  { weight: 1, arbitrary: fc.constantFrom('~', '', '/', '~~', '~/~', '/~/a', 'home', '~\\a') },
);

/** A JSON value of another type than string (what must never be taken for a string). */
export const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, [], {}, ['x'], { text: 'x' }),
  fc.jsonValue({ maxDepth: 2 }).filter((value) => typeof value !== 'string'),
);

/** A field value: absent (undefined), a nasty string or another JSON type. */
export const fieldValue = (text: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: text },
    { weight: 2, arbitrary: nonString },
  );

/** Keys that have a meaning somewhere in JavaScript or the entities, as unknown fields. */
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'id', 'uuid', 'owner_id'];

/** Extra unknown fields of any JSON value. */
export const unknownFields: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 6 })),
    fc.jsonValue({ maxDepth: 3 }),
    { maxKeys: 3 },
  )
  .map((fields) => {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (!['title', 'html', 'path'].includes(key)) copy[key] = value;
    }
    return copy;
  });

/** Raw JSON text of an object with the given fields and unknown ones (own `__proto__` kept). */
export function jsonObjectText(fields: Record<string, unknown>, extra: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [key, value] of [...Object.entries(extra), ...Object.entries(fields)]) {
    if (value !== undefined) parts.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  return `{${parts.join(',')}}`;
}

/** HTML-escapes text so that a `<p>` around it is well-formed safe markup. */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---- Models of the documented rules ----------------------------------------------------------

const codePoints = (text: string) => [...text].length;

export type Verdict<T> = { ok: true; value: T } | { ok: false };

/** Title: a string of 1 to 255 code points after trimming; stored trimmed. */
export function titleVerdict(title: unknown): Verdict<string> {
  if (typeof title !== 'string') return { ok: false };
  const trimmed = title.trim();
  const length = codePoints(trimmed);
  return length >= 1 && length <= 255 ? { ok: true, value: trimmed } : { ok: false };
}

/**
 * Path: `~` or `~/name/...`, at most 64 names, trimmed, 1 to 255 code points, not `.`/`..`, no
 * controls; 4,096 code points in all.
 */
export function pathVerdict(path: unknown): Verdict<string> {
  if (typeof path !== 'string') return { ok: false };
  const [root, ...rest] = path.split('/');
  if (root.trim() !== '~' || rest.length > 64) return { ok: false };
  const names = rest.map((name) => name.trim());
  for (const name of names) {
    if (name === '' || name === '.' || name === '..') return { ok: false };
    if (/\p{Cc}/u.test(name) || codePoints(name) > 255) return { ok: false };
  }
  const normalised = ['~', ...names].join('/');
  return codePoints(normalised) <= 4096 ? { ok: true, value: normalised } : { ok: false };
}

/** `~/a/b` → `['~/a', '~/a/b']`: the folders a document in that path needs. */
export function lineage(normalisedPath: string): string[] {
  const names = normalisedPath.split('/').slice(1);
  return names.map((_, index) => ['~', ...names.slice(0, index + 1)].join('/'));
}

/** A query integer: only plain digits, within [min, max]. */
export function queryIntegerVerdict(value: string | undefined, min: number, max: number) {
  if (value === undefined) return true;
  if (!/^[0-9]+$/.test(value)) return false;
  const number = Number(value);
  return number >= min && number <= max;
}

/** What the service takes for a UUID: canonical text, RFC variant, version 1 to 8, nil or max. */
export const SERVICE_UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/** Whether text holds a lone surrogate (it cannot be stored as UTF-8). */
export const hasLoneSurrogate = (text: string) => /\p{Cs}/u.test(text);
