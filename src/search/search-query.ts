import { InvalidInput } from '../common/errors/domain-errors';
import { isKorean, termOf, wordsOf } from '../common/text/search-terms';

/** Most words a query may have (a phrase counts its words). */
export const MAX_QUERY_WORDS = 32;

/**
 * Fewest characters a last word needs to match as a prefix: `DB` finds `DB`, not `DBA`, so a
 * letter or two cannot expand to a large part of the vocabulary (Korean words, which carry
 * their particles, match as prefixes whatever their length).
 */
export const MIN_PREFIX_LENGTH = 3;

/**
 * One thing every result must contain: a word, a word's beginning (`prefix`), or several words
 * next to each other in this order (a phrase).
 */
export interface SearchClause {
  /** Index terms (see `search-terms.ts`), one per word. */
  terms: string[];
  /** One term only: it matches every term that starts with it. */
  prefix: boolean;
}

/** A query, parsed: every clause must match (AND); no clause: nothing matches. */
export interface SearchQuery {
  clauses: SearchClause[];
  /** The folded words, for marking them in snippets. */
  words: { folded: string; prefix: boolean }[];
}

/**
 * What `q` must contain, as the OpenAPI document's pattern: a letter, a mark or a digit. A `q`
 * without one is refused; one whose letters make no word (a Thai vowel sign alone, `々`) finds
 * nothing. The document thus says exactly which `q` are accepted (lengths and the word count
 * aside, which the schema's `maxLength` and the description give).
 */
export const SEARCH_QUERY_PATTERN = String.raw`[\p{L}\p{M}\p{N}]`;
const SEARCHABLE = new RegExp(SEARCH_QUERY_PATTERN, 'u');

const QUOTED_OR_PLAIN = /"([^"]*)"?|[^"]+/g;
const WHITESPACE = /\s+/;

/**
 * Reads `q`: words are ANDed; `"a phrase"` is its words next to each other; the last word, when
 * not inside quotes and of `MIN_PREFIX_LENGTH` characters or more, matches as a prefix. A piece with no space that splits into several words
 * (`e-mail`, `東京都`) is a phrase of them. Korean words match as prefixes wherever they are:
 * Korean attaches particles to words (`서울에서`), so `서울` must find it. A quote left open
 * runs to the end.
 */
export function parseSearchQuery(q: string): SearchQuery {
  const groups: { folded: string[]; quoted: boolean }[] = [];
  for (const match of q.matchAll(QUOTED_OR_PLAIN)) {
    const quoted = match[1] !== undefined;
    const pieces = quoted ? [match[1]] : match[0].split(WHITESPACE);
    for (const piece of pieces) {
      const folded = [...wordsOf(piece)].map((word) => word.folded);
      if (folded.length > 0) groups.push({ folded, quoted });
    }
  }
  const wordCount = groups.reduce((sum, group) => sum + group.folded.length, 0);
  if (wordCount === 0) {
    if (SEARCHABLE.test(q)) return { clauses: [], words: [] };
    throw new InvalidInput('q must contain a word to search for (letters or digits)');
  }
  if (wordCount > MAX_QUERY_WORDS) {
    throw new InvalidInput(
      `q must have at most ${MAX_QUERY_WORDS} words (a phrase counts its words); it has ${wordCount}`,
    );
  }
  const last = groups[groups.length - 1];
  const clauses: SearchClause[] = [];
  const words: SearchQuery['words'] = [];
  for (const group of groups) {
    const single = group.folded.length === 1;
    const prefix =
      single &&
      ((group === last && !group.quoted && [...group.folded[0]].length >= MIN_PREFIX_LENGTH) ||
        isKorean(group.folded[0]));
    clauses.push({ terms: group.folded.map(termOf), prefix });
    words.push(...group.folded.map((folded) => ({ folded, prefix })));
  }
  return { clauses, words };
}

/**
 * What a clause is in a document's terms, which are separated by single spaces: ` word `,
 * ` word word ` (a phrase), or ` begin` (a prefix). Found in the terms padded with a space at
 * each end, it matches exactly what the full-text index matches.
 */
export function clauseText({ terms, prefix }: SearchClause): string {
  return ` ${terms.join(' ')}${prefix ? '' : ' '}`;
}

/**
 * How many times a clause (`clauseText`) occurs in terms padded with a space at each end,
 * counted as SQL's `REPLACE` counts: left to right, an occurrence ending where the next would
 * start (the space between two words) taking it. The figure MySQL computes in SQL for relevance;
 * the padding is virtual (no 7 KB copy per document).
 */
export function occurrencesIn(terms: string | null, clause: string): number {
  let count = 0;
  for (let at = nextOccurrence(terms ?? '', clause, 0); at !== -1;) {
    count++;
    // The occurrence took its leading space, the clause's terms and any trailing space.
    at = nextOccurrence(terms ?? '', clause, at + clause.length);
  }
  return count;
}

/** Whether a clause (`clauseText`) occurs in terms padded with a space at each end. */
export function occursIn(terms: string | null, clause: string): number {
  return nextOccurrence(terms ?? '', clause, 0) === -1 ? 0 : 1;
}

/**
 * Where the next occurrence of a clause in ` ${terms} ` starts at or after `from` (offsets in
 * `terms`: the occurrence's space is the one before `terms[at]`, virtual at 0), or -1.
 */
function nextOccurrence(terms: string, clause: string, from: number): number {
  const closed = clause.endsWith(' ');
  const words = clause.slice(1, closed ? -1 : undefined);
  for (let at = terms.indexOf(words, from); at !== -1; at = terms.indexOf(words, at + 1)) {
    const end = at + words.length;
    const spaceBefore = at === 0 || terms[at - 1] === ' ';
    const spaceAfter = !closed || end === terms.length || terms[end] === ' ';
    if (spaceBefore && spaceAfter) return at;
  }
  return -1;
}
