/**
 * Search terms: how text is split into words and how each word is written in the full-text
 * index. The same functions index documents and read queries, so matching is decided here, not
 * by MySQL's FULLTEXT parser or SQLite's FTS5 tokenizer.
 *
 * - A word is a run of letters, marks and digits, which may hold an apostrophe, a period or an
 *   underscore between two of them (`don't`, `3.14`, `e.g`). A run in a script written without
 *   spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) is split into words by `Intl.Segmenter`
 *   (ICU's dictionaries); Korean is written with spaces and is split as Latin text is.
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
const ASCII_JOINER = /['._]/;
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
  if (FOLDS_TO_ITSELF.test(word) && !COMPATIBILITY_FORM.test(word)) return word;
  return word
    .normalize('NFKD')
    .replace(ACCENTED_LETTER, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(NOT_A_WORD_CHARACTER, '');
}

/**
 * The words of a text, in order, with their offsets; words that fold to nothing are left out.
 * `from` must be where a run of word characters starts (or 0): see `firstWordOf`.
 */
export function* wordsOf(text: string, from = 0): Generator<Word> {
  const runs = new RegExp(WORD_RUN);
  runs.lastIndex = from;
  for (let run = runs.exec(text); run !== null; run = runs.exec(text)) {
    yield* wordsOfRun(run[0], run.index);
  }
}

function* wordsOfRun(run: string, start: number): Generator<Word> {
  if (ASCII_ONLY.test(run) || !NEEDS_DICTIONARY.test(run)) {
    const folded = foldWord(run);
    if (folded !== '') yield { start, end: start + run.length, folded };
    return;
  }
  for (const segment of segmenter.segment(run)) {
    if (!segment.isWordLike) continue;
    const folded = foldWord(segment.segment);
    if (folded === '') continue;
    const at = start + segment.index;
    yield { start: at, end: at + segment.segment.length, folded };
  }
}

/** A word to look for: its folded form, whole or as the beginning of a word (`prefix`). */
export interface WantedWord {
  folded: string;
  prefix: boolean;
}

/** Whether a folded word is one of `wanted`, or begins with a prefix one. */
export function isWanted(folded: string, wanted: readonly WantedWord[]): boolean {
  return wanted.some((word) =>
    word.prefix ? folded.startsWith(word.folded) : folded === word.folded,
  );
}

/** A word found, and where its run of word characters starts (see `firstWordOf`). */
export interface FoundWord {
  word: Word;
  runStart: number;
}

/**
 * The first word of `text` from `from` (as for `wordsOf`) that is one of `wanted`, and where its
 * run of word characters starts: `wordsOf(text, runStart)` goes on from there. Faster than
 * folding every word: a run that cannot hold a wanted word is skipped unfolded (a one-word run
 * that starts with an ASCII letter or digit folds to a word starting with it in lower case; a
 * run of Chinese, Japanese or Korean characters folds to itself, so a wanted word in it is in
 * its text).
 */
export function firstWordOf(
  text: string,
  wanted: readonly WantedWord[],
  from = 0,
): FoundWord | undefined {
  const firstCharacters = new Set(wanted.map((word) => word.folded[0]));
  const runs = new RegExp(WORD_RUN);
  runs.lastIndex = from;
  for (let run = runs.exec(text); run !== null; run = runs.exec(text)) {
    const characters = run[0];
    const ascii = ASCII_ONLY.test(characters);
    if (ascii || (characters.charCodeAt(0) < 0x80 && !NEEDS_DICTIONARY.test(characters))) {
      // One word, whose folded form starts with its first character in lower case.
      if (!firstCharacters.has(characters[0].toLowerCase())) continue;
      if (ascii && !ASCII_JOINER.test(characters)) {
        // Folds to its lower case: no need for `foldWord`.
        const folded = characters.toLowerCase();
        if (!isWanted(folded, wanted)) continue;
        const word = { start: run.index, end: run.index + characters.length, folded };
        return { word, runStart: run.index };
      }
    } else if (FOLDS_TO_ITSELF.test(characters) && !COMPATIBILITY_FORM.test(characters)) {
      if (!wanted.some((word) => characters.includes(word.folded))) continue;
    }
    for (const word of wordsOfRun(characters, run.index)) {
      if (isWanted(word.folded, wanted)) return { word, runStart: run.index };
    }
  }
  return undefined;
}

/** The index term of a folded word (see the top of this file). */
export function termOf(folded: string): string {
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
  // `wordsOf` without the offsets: the index is written on every create and update.
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

/** Korean words carry their particles (`서울에서` = `서울` + `에서`): see `parseSearchQuery`. */
export function isKorean(folded: string): boolean {
  return HANGUL.test(folded);
}

/** How much more an occurrence in the title weighs than one in the text. */
export const TITLE_WEIGHT = 4;

/** How often each distinct term occurs in a text's terms (as `indexTerms` writes them). */
export type TermCounts = Map<string, number>;

/** Counts the terms of `indexTerms`'s output. */
export function countTerms(terms: string | null): TermCounts {
  const counts: TermCounts = new Map();
  if (!terms) return counts;
  for (const term of terms.split(' ')) {
    if (term !== '') counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

/**
 * Term counts as a worker thread hands them back: the distinct terms in one string and their
 * counts in one typed array. Copying two buffers between threads costs a fraction of what a
 * Map of as many entries costs the receiving event loop.
 */
export interface PackedTermCounts {
  terms: string;
  counts: Uint32Array;
}

export function packTermCounts(counts: TermCounts): PackedTermCounts {
  return { terms: [...counts.keys()].join(' '), counts: Uint32Array.from(counts.values()) };
}

export function unpackTermCounts(packed: PackedTermCounts): TermCounts {
  const counts: TermCounts = new Map();
  if (packed.terms === '') return counts;
  packed.terms.split(' ').forEach((term, index) => counts.set(term, packed.counts[index]));
  return counts;
}

/**
 * Each distinct term of a document and its weight: `TITLE_WEIGHT` per occurrence in the title
 * (`searchTitle` as `indexTerms` writes it), one per occurrence in the text (`bodyCounts`).
 * What the posting index stores per term and document; relevance is `LN(1 + weight)`.
 */
export function termWeights(
  searchTitle: string | null,
  bodyCounts: TermCounts | null,
): Map<string, number> {
  const weights = new Map(bodyCounts ?? []);
  for (const [term, count] of countTerms(searchTitle)) {
    weights.set(term, (weights.get(term) ?? 0) + TITLE_WEIGHT * count);
  }
  return weights;
}
