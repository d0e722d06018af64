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
 * run of word characters starts: `wordsOf(text, runStart)` goes on from there.
 *
 * When every wanted word is ASCII letters and digits, two plain patterns find what may hold one
 * without reading the text run by run: where a wanted word's letters start a run (in either
 * case), and what is not plain ASCII (a character beyond ASCII, or a joiner between two letters
 * or digits: folding or the joiner may make a wanted word of its run). A run of ASCII letters
 * and digits alone folds to its lower case, so it holds a wanted word only if it starts with
 * one's letters. Otherwise, and around what is not plain, each run is read
 * (`readRuns`).
 */
export function firstWordOf(
  text: string,
  wanted: readonly WantedWord[],
  from = 0,
): FoundWord | undefined {
  const { spelled, firstCharacters } = patternsOf(wanted);
  if (spelled === undefined)
    return readRuns(text, wanted, from, text.length, firstCharacters).found;
  let nextSpelled: RegExpExecArray | null | undefined;
  let nextUnusual: RegExpExecArray | null | undefined;
  // `at`: where to look from; `readTo`: where the runs read (or skipped whole) end.
  let readTo = from;
  for (let at = from; ;) {
    if (nextSpelled !== null && (nextSpelled === undefined || nextSpelled.index < at)) {
      spelled.lastIndex = at;
      nextSpelled = spelled.exec(text);
    }
    if (nextUnusual !== null && (nextUnusual === undefined || nextUnusual.index < at)) {
      UNUSUAL.lastIndex = at;
      nextUnusual = UNUSUAL.exec(text);
    }
    if (nextSpelled === null && nextUnusual === null) return undefined;
    if (nextSpelled && (nextUnusual === null || nextSpelled.index < nextUnusual.index)) {
      const start = nextSpelled.index;
      if (!startsRun(text, start)) {
        at = start + 1;
        continue;
      }
      PLAIN_CHARACTERS.lastIndex = start;
      PLAIN_CHARACTERS.test(text);
      const end = PLAIN_CHARACTERS.lastIndex;
      if (!goesOn(text, end)) {
        const folded = text.slice(start, end).toLowerCase();
        if (isWanted(folded, wanted)) return { word: { start, end, folded }, runStart: start };
        at = readTo = end;
        continue;
      }
      // The run goes on past its ASCII letters: it and the runs joined to it read as any run.
      const stretchEnd = endOfStretch(text, end);
      const read = readRuns(text, wanted, start, stretchEnd, firstCharacters);
      if (read.found !== undefined) return read.found;
      at = readTo = Math.max(read.end, stretchEnd);
      continue;
    }
    // Something not plain: the runs from its run's start (between the runs read and it the text
    // is plain ASCII, so at the ASCII letters, digits and joiners just before it), read one by
    // one until plain runs go on for a while (a text mostly beyond ASCII: all of it).
    const index = nextUnusual!.index;
    let start = index;
    while (start > readTo && PLAIN_OR_JOINER.test(text[start - 1])) start--;
    const read = readRuns(text, wanted, start, text.length, firstCharacters, PLAIN_GAP);
    if (read.found !== undefined) return read.found;
    at = readTo = Math.max(read.end, index + 1);
  }
}

const PLAIN_WORD = /^[a-z0-9]+$/;

interface WantedPatterns {
  /** The wanted words' letters in either case; none unless every one is ASCII letters and digits. */
  spelled?: RegExp;
  firstCharacters: Set<string>;
}

/** Each query's patterns, made once (a snippet asks for each kilobyte of each result). */
const patterns = new WeakMap<readonly WantedWord[], WantedPatterns>();

function patternsOf(wanted: readonly WantedWord[]): WantedPatterns {
  let found = patterns.get(wanted);
  if (found === undefined) {
    const plain = wanted.every((word) => PLAIN_WORD.test(word.folded));
    const letters = wanted.map((word) =>
      word.folded.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`),
    );
    found = {
      spelled: plain ? new RegExp(letters.join('|'), 'g') : undefined,
      firstCharacters: new Set(wanted.map((word) => word.folded[0])),
    };
    patterns.set(wanted, found);
  }
  return found;
}

/** A character beyond ASCII, or an ASCII joiner between two ASCII letters or digits. */
const UNUSUAL = /[\u0080-\uffff]|[A-Za-z0-9]['._][A-Za-z0-9]/g;
const PLAIN_CHARACTERS = /[A-Za-z0-9]*/y;
const PLAIN_OR_JOINER = /^[A-Za-z0-9'._]$/;
/** How far plain runs go on before `firstWordOf` stops reading run by run. */
const PLAIN_GAP = 64;

const WORD_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;
const STRETCH = /[\p{L}\p{M}\p{N}'’._]*/uy;
/** `WORD_RUN` for `readRuns`, which reads it to the end before it returns. */
const EACH_RUN = new RegExp(WORD_RUN);

/** The code point just before `index` (a surrogate pair whole), or ''. */
function characterBefore(text: string, index: number): string {
  if (index === 0) return '';
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index > 1
    ? text.slice(index - 2, index)
    : text[index - 1];
}

/** Whether a run of word characters starts at `index`, a word character (see `WORD_RUN`). */
function startsRun(text: string, index: number): boolean {
  const before = characterBefore(text, index);
  if (before === '') return true;
  if (WORD_CHARACTER.test(before)) return false;
  if (!"'’._".includes(before)) return true;
  return !WORD_CHARACTER.test(characterBefore(text, index - 1));
}

/** Whether the run goes on at `index`, after ASCII letters and digits. */
function goesOn(text: string, index: number): boolean {
  if (index >= text.length) return false;
  if (text.charCodeAt(index) >= 0x80) return true;
  if (!"'._".includes(text[index])) return false;
  const next = text.charCodeAt(index + 1);
  return next >= 0x80 || /[A-Za-z0-9]/.test(text[index + 1] ?? '');
}

/** Where the word characters and joiners from `index` end. */
function endOfStretch(text: string, index: number): number {
  STRETCH.lastIndex = index;
  STRETCH.test(text);
  return STRETCH.lastIndex;
}

/**
 * `firstWordOf` reading each run that starts from `from` up to `until` (`found`), and where the
 * runs read end (`end`; `from` when none was); with `plainFor`, only until a run starts that
 * far after the end of the last run that was not ASCII letters and digits alone. Faster than folding
 * every word: a run that cannot hold a wanted word is skipped unfolded (a one-word run that
 * starts with an ASCII letter or digit folds to a word starting with it in lower case; a run of
 * Chinese, Japanese or Korean characters folds to itself, so a wanted word in it is in its text).
 */
function readRuns(
  text: string,
  wanted: readonly WantedWord[],
  from: number,
  until: number,
  firstCharacters = new Set(wanted.map((word) => word.folded[0])),
  plainFor = Infinity,
): { found?: FoundWord; end: number } {
  const runs = EACH_RUN;
  runs.lastIndex = from;
  let end = from;
  let notPlainEnd = from;
  for (let run = runs.exec(text); run !== null && run.index < until; run = runs.exec(text)) {
    const characters = run[0];
    const ascii = ASCII_ONLY.test(characters);
    if (!ascii || ASCII_JOINER.test(characters)) notPlainEnd = run.index + characters.length;
    else if (run.index - notPlainEnd > plainFor) break;
    end = run.index + characters.length;
    if (ascii || (characters.charCodeAt(0) < 0x80 && !NEEDS_DICTIONARY.test(characters))) {
      // One word, whose folded form starts with its first character in lower case.
      if (!firstCharacters.has(characters[0].toLowerCase())) continue;
      if (ascii && !ASCII_JOINER.test(characters)) {
        // Folds to its lower case: no need for `foldWord`.
        const folded = characters.toLowerCase();
        if (!isWanted(folded, wanted)) continue;
        const word = { start: run.index, end, folded };
        return { found: { word, runStart: run.index }, end };
      }
    } else if (FOLDS_TO_ITSELF.test(characters) && !COMPATIBILITY_FORM.test(characters)) {
      if (!wanted.some((word) => characters.includes(word.folded))) continue;
    }
    for (const word of wordsOfRun(characters, run.index)) {
      if (isWanted(word.folded, wanted)) return { found: { word, runStart: run.index }, end };
    }
  }
  return { end };
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
