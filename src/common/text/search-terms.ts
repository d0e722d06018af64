/**
 * Search terms: how text is split into words and how each word is written in the full-text
 * index. The same functions index documents and read queries, so matching is decided here, not
 * by MySQL's FULLTEXT parser or SQLite's FTS5 tokenizer.
 *
 * - Words are found by `Intl.Segmenter` (ICU), which splits Chinese and Japanese text into words
 *   with its dictionary, and Korean, as Latin text, at spaces and punctuation.
 * - Each word is folded: compatibility forms (full-width `ＤＢ`, ligatures) to plain ones, Latin,
 *   Greek and Cyrillic accents removed (`café` → `cafe`; kana voicing marks are kept), lower
 *   case, and everything that is not a letter, mark or digit dropped (`don't` → `dont`).
 * - Each folded word is then written as a term of `a`–`z` and `0`–`9` alone, which both
 *   engines see as one word whatever their parser's rules: a letter or digit other than `q` is
 *   itself, any other character is `q` and its code point in four base-36 digits (`東` →
 *   `q0ulx`), and the term starts with `xx`. The prefix makes every term at least three
 *   characters (InnoDB's `innodb_ft_min_token_size`) and keeps it off InnoDB's stopword list
 *   (`xxthe`). The encoding keeps prefixes: a word's prefix is its term's prefix.
 */

/** Every term starts with this (see above). */
export const TERM_PREFIX = 'xx';

/**
 * Longest term: InnoDB ignores longer words (`innodb_ft_max_token_size`, 84 characters). Longer
 * terms are cut to this, at a character's boundary, when indexed and when searched alike.
 */
export const MAX_TERM_LENGTH = 84;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Accents over letters of these scripts are dropped; other scripts' marks are part of the word. */
const ACCENTED_LETTER = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{Mn}\p{Me}]+/gu;
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{M}\p{N}]+/gu;
const PLAIN_TERM_CHARACTER = /[a-pr-z0-9]/;
const ASCII_ONLY = /^[\x20-\x7e]*$/;
const HANGUL = /\p{Script=Hangul}/u;

/** A word of a text: where it is, and its folded form. */
export interface Word {
  /** Offsets in the text, in UTF-16 units (`text.slice(start, end)` is the word as written). */
  start: number;
  end: number;
  folded: string;
}

/** Case, accent and compatibility folding of one word (see the top of this file). */
export function foldWord(word: string): string {
  if (ASCII_ONLY.test(word)) return word.toLowerCase().replace(NOT_A_WORD_CHARACTER, '');
  return word
    .normalize('NFKD')
    .replace(ACCENTED_LETTER, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(NOT_A_WORD_CHARACTER, '');
}

/** The words of a text, in order, with their offsets; words that fold to nothing are left out. */
export function* wordsOf(text: string): Generator<Word> {
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const folded = foldWord(segment.segment);
    if (folded === '') continue;
    yield { start: segment.index, end: segment.index + segment.segment.length, folded };
  }
}

/** The index term of a folded word (see the top of this file). */
export function termOf(folded: string): string {
  let term = TERM_PREFIX;
  for (const character of folded) {
    const code = PLAIN_TERM_CHARACTER.test(character)
      ? character
      : `q${character.codePointAt(0)!.toString(36).padStart(4, '0')}`;
    if (term.length + code.length > MAX_TERM_LENGTH) break;
    term += code;
  }
  return term;
}

/** The terms of a text, in order: what the index stores for it, separated by spaces. */
export function indexTerms(text: string): string {
  const terms: string[] = [];
  for (const word of wordsOf(text)) terms.push(termOf(word.folded));
  return terms.join(' ');
}

/** Korean words carry their particles (`서울에서` = `서울` + `에서`): see `parseSearchQuery`. */
export function isKorean(folded: string): boolean {
  return HANGUL.test(folded);
}
