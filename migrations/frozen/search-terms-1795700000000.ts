/**
 * FROZEN COPY: NEVER CHANGE THIS FILE.
 *
 * The search terms of version 1.2, for the Search migrations
 * (`migrations/mysql/1795700000000-Search.ts` and `migrations/sqlite/1795700000000-Search.ts`):
 * the tokenizer of `src/common/text/search-terms.ts`, the HTML text of
 * `src/common/text/html-text.ts` and the batch rebuild of `src/search/search-reindex.ts`, copied
 * as they were at commit 93c2d44 (version 1.2.0), with only what that rebuild calls. A migration
 * never imports live code: when the live tokenizer changes, what this migration writes on a
 * database it upgrades must not change with it (the live code's `search reindex`, or a new
 * migration, rewrites the terms afterwards).
 *
 * Live code (`src/`) must not import this file; only migrations do. The copy's output is pinned
 * by `search-terms-1795700000000.spec.ts` beside it. Words of scripts written without spaces
 * come from `Intl.Segmenter`, that is from the ICU dictionaries of the Node.js running it: that
 * part cannot be frozen here, as it could not in the live code.
 */
import { Parser } from 'htmlparser2';

// ---------------------------------------------------------------------------------------------
// From src/search/search-reindex.ts

/** Runs one statement and gives its rows (a TypeORM `QueryRunner.query`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** Documents read and written per batch. */
const REINDEX_BATCH = 200;

const reindexSql = {
  batch: 'SELECT id, version, title, html FROM docs WHERE id > ? ORDER BY id LIMIT ?',
  /** Only the version read: a document written meanwhile already has its new terms. */
  write: 'UPDATE docs SET search_title = ?, search_body = ? WHERE id = ? AND version = ?',
};

interface DocText {
  id: number;
  version: number;
  title: string;
  html: string;
}

/**
 * Writes every document's search terms (to fill them in the migration that adds them), in
 * batches of short statements: no transaction, no lock held between statements, so writes go
 * on meanwhile. Returns how many documents it wrote.
 */
export async function reindexDocuments(
  query: RunQuery,
  onBatch?: (written: number) => void,
): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const rows = (await query(reindexSql.batch, [after, REINDEX_BATCH])) as DocText[];
    if (rows.length === 0) return written;
    for (const row of rows) {
      const searchTitle = indexTerms(row.title);
      const searchBody = indexTerms(textOfHtml(row.html));
      await query(reindexSql.write, [searchTitle, searchBody, row.id, row.version]);
      written++;
    }
    after = Number(rows[rows.length - 1].id);
    onBatch?.(written);
  }
}

// ---------------------------------------------------------------------------------------------
// From src/common/text/search-terms.ts
//
// - A word is a run of letters, marks and digits, which may hold an apostrophe, a period or an
//   underscore between two of them (`don't`, `3.14`, `e.g`). A run in a script written without
//   spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) is split into words by `Intl.Segmenter`
//   (ICU's dictionaries); Korean is written with spaces and is split as Latin text is.
// - Each word is folded: compatibility forms (full-width `ＤＢ`, ligatures) to plain ones, Latin,
//   Greek and Cyrillic accents removed (`café` → `cafe`; kana voicing marks are kept), lower
//   case, and everything that is not a letter, mark or digit dropped (`don't` → `dont`).
// - Each folded word is then written as a term of `a`–`z` and `0`–`9` alone: a letter or digit
//   other than `q` is itself, any other character is `q` and its code point in four base-36
//   digits (`東` → `q0ulx`), and the term starts with `xx`.

/** Every term starts with this (see above). */
const TERM_PREFIX = 'xx';

/** Longest term (InnoDB's `innodb_ft_max_token_size`): longer ones are cut to this. */
const MAX_TERM_LENGTH = 84;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** A word, or a run of several that only a dictionary can split (see `NEEDS_DICTIONARY`). */
const WORD_RUN = /[\p{L}\p{M}\p{N}]+(?:['’._][\p{L}\p{M}\p{N}]+)*/gu;
const NEEDS_DICTIONARY =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/**
 * Chinese, Japanese and Korean words that folding leaves as they are: no compatibility form
 * (half-width kana, full-width letters, compatibility ideographs, squared words) in them.
 */
const FOLDS_TO_ITSELF =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+$/u;
const COMPATIBILITY_FORM = /[\u3200-\u33ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/** Accents over letters of these scripts are dropped; other scripts' marks are part of the word. */
const ACCENTED_LETTER = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{Mn}\p{Me}]+/gu;
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{M}\p{N}]+/gu;
const PLAIN_TERM_CHARACTER = /[a-pr-z0-9]/;
const PLAIN_TERM = /^[a-pr-z0-9]*$/;
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** Case, accent and compatibility folding of one word (see above). */
function foldWord(word: string): string {
  if (ASCII_ONLY.test(word)) return word.toLowerCase().replace(NOT_A_WORD_CHARACTER, '');
  if (FOLDS_TO_ITSELF.test(word) && !COMPATIBILITY_FORM.test(word)) return word;
  return word
    .normalize('NFKD')
    .replace(ACCENTED_LETTER, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(NOT_A_WORD_CHARACTER, '');
}

/** The index term of a folded word (see above). */
function termOf(folded: string): string {
  if (PLAIN_TERM.test(folded)) return (TERM_PREFIX + folded).slice(0, MAX_TERM_LENGTH);
  let term = TERM_PREFIX;
  for (const character of folded) {
    const code = PLAIN_TERM_CHARACTER.test(character) ? character : escapedCharacter(character);
    if (term.length + code.length > MAX_TERM_LENGTH) break;
    term += code;
  }
  return term;
}

const escapes = new Map<string, string>();

/** `q` and the code point in four base-36 digits; remembered, as CJK text repeats characters. */
function escapedCharacter(character: string): string {
  let escaped = escapes.get(character);
  if (escaped === undefined) {
    escaped = `q${character.codePointAt(0)!.toString(36).padStart(4, '0')}`;
    if (escapes.size < 65_536) escapes.set(character, escaped);
  }
  return escaped;
}

/** The terms of a text, in order: what the index stores for it, separated by spaces. */
export function indexTerms(text: string): string {
  const terms: string[] = [];
  for (const run of text.match(WORD_RUN) ?? []) {
    if (!NEEDS_DICTIONARY.test(run)) {
      const folded = foldWord(run);
      if (folded !== '') terms.push(termOf(folded));
      continue;
    }
    for (const segment of segmenter.segment(run)) {
      if (!segment.isWordLike) continue;
      const folded = foldWord(segment.segment);
      if (folded !== '') terms.push(termOf(folded));
    }
  }
  return terms.join(' ');
}

// ---------------------------------------------------------------------------------------------
// From src/common/text/html-text.ts

/** Elements that end a line of text: the words on either side of them are separate words. */
const BREAKING_ELEMENTS = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div'],
  ...['dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['header', 'hr', 'img', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary'],
  ...['table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul'],
]);

/** Content a reader never sees as text. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'template', 'noscript']);

const WHITESPACE_RUN = /\s+/g;
const MARKUP = /[<&]/;

/**
 * The text a reader sees in a document's HTML: text nodes only (no tag or attribute), entities
 * decoded, a space where a block starts or ends, whitespace runs made one space.
 */
export function textOfHtml(html: string): string {
  if (!MARKUP.test(html)) return html.replace(WHITESPACE_RUN, ' ').trim();
  const parts: string[] = [];
  textParser(parts).end(html);
  return parts.join('').replace(WHITESPACE_RUN, ' ').trim();
}

/** A parser that pushes the visible text of what it is given onto `parts`. */
function textParser(parts: string[]): Parser {
  let hidden = 0;
  return new Parser(
    {
      onopentagname(name) {
        if (HIDDEN_ELEMENTS.has(name)) hidden++;
        if (BREAKING_ELEMENTS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hidden = Math.max(0, hidden - 1);
        if (BREAKING_ELEMENTS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
}
