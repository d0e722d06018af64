import { textOfHtmlUntil } from '../common/text/html-text';
import { FoundWord, Word, firstWordOf, isWanted, wordsOf } from '../common/text/search-terms';
import { SearchQuery } from './search-query';

/** Longest snippet, in characters (UTF-16 units) of text, before escaping and marking. */
export const SNIPPET_LENGTH = 200;

/** How much text comes before the first match, when there is that much. */
const LEAD = 60;

const ELLIPSIS = '…';

/** How far a cut moves to fall between words rather than inside one. */
const BOUNDARY_SEARCH = 20;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * The snippet of a document's HTML (`buildSnippet` of its text), reading the HTML only as far
 * as the snippet needs: to the first match and 200 characters beyond it, or, when the caller
 * knows the text has no match (`textMatches` false: only the title matched), to 200 characters.
 */
export function snippetOfHtml(html: string, query: SearchQuery, textMatches = true): string {
  if (!textMatches) {
    const text = textOfHtmlUntil(html, (read) => read.length > SNIPPET_LENGTH);
    return snippetAround(text, query, undefined);
  }
  let found: FoundWord | undefined;
  let searchedTo = 0;
  const text = textOfHtmlUntil(html, (read) => {
    found ??= firstWordOf(read, query.words, searchedTo);
    searchedTo = read.length;
    return found !== undefined && read.length > found.word.start + SNIPPET_LENGTH;
  });
  return snippetAround(text, query, found ?? firstWordOf(text, query.words, searchedTo));
}

/**
 * Up to 200 characters of the text around its first word the query matches, every matched
 * word inside wrapped in `<mark>`, everything else escaped; `…` where the text is cut (it
 * counts as one character). With no match in the text (the title matched), its beginning.
 */
export function buildSnippet(text: string, query: SearchQuery): string {
  return snippetAround(text, query, firstWordOf(text, query.words));
}

/** `buildSnippet`, given the text's first match. */
function snippetAround(text: string, query: SearchQuery, found: FoundWord | undefined): string {
  const first = found?.word;
  let start = 0;
  if (first !== undefined && text.length > SNIPPET_LENGTH) {
    start = Math.max(0, Math.min(first.start - LEAD, text.length - (SNIPPET_LENGTH - 1)));
    // Start at a word's beginning when there is a space shortly before the match.
    const space = text.indexOf(' ', start);
    if (start > 0 && space !== -1 && space < Math.min(first.start, start + BOUNDARY_SEARCH)) {
      start = space + 1;
    }
  }
  const lead = start > 0 ? ELLIPSIS : '';
  let end = Math.min(text.length, start + SNIPPET_LENGTH - lead.length);
  if (end < text.length) {
    end = start + SNIPPET_LENGTH - lead.length - 1;
    // End after a word when a space is near the end.
    const space = text.lastIndexOf(' ', end);
    if (space > end - BOUNDARY_SEARCH && space > (first?.end ?? start)) end = space;
  }
  start = avoidSplitPair(text, start, 1);
  end = avoidSplitPair(text, end, -1);
  const trail = end < text.length ? ELLIPSIS : '';
  const matches: Word[] = [];
  if (found !== undefined) {
    // The words from the first match's run (split as the search split it) to the snippet's end.
    for (const word of wordsOf(text, found.runStart)) {
      if (word.start >= end) break;
      if (word.start >= found.word.start && isWanted(word.folded, query.words)) matches.push(word);
    }
  }

  let snippet = lead;
  let at = start;
  for (const word of matches) {
    if (word.start < start || word.end > end) continue;
    snippet += `${escapeHtml(text.slice(at, word.start))}<mark>${escapeHtml(text.slice(word.start, word.end))}</mark>`;
    at = word.end;
  }
  // Words of one match that touch (数据 + 库 for 数据库) get one mark.
  return (snippet + escapeHtml(text.slice(at, end)) + trail).replaceAll('</mark><mark>', '');
}

/** Moves a cut off the middle of a surrogate pair (an emoji is two UTF-16 units). */
function avoidSplitPair(text: string, index: number, direction: 1 | -1): number {
  const code = text.charCodeAt(index);
  const lowSurrogate = code >= 0xdc00 && code <= 0xdfff;
  return index > 0 && index < text.length && lowSurrogate ? index + direction : index;
}
