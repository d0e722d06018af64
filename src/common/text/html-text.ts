import { Parser } from 'htmlparser2';

/** Elements that end a line of text: the words on either side of them are separate words. */
const BREAKING_ELEMENTS = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div'],
  ...['dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['header', 'hr', 'img', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary'],
  ...['table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul'],
]);

/** Content a reader never sees as text (the sanitiser removes these; a revision may predate it). */
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

/** How much HTML `textOfHtmlUntil` parses before it asks whether it has read enough. */
const CHUNK_LENGTH = 1024;

/**
 * The text of `html` as `textOfHtml` gives it, read only as far as needed: after each kilobyte
 * of HTML, `enough` sees the text read so far up to its last space (so every word in it is
 * whole and is a word of the whole text); when it says so, that text is returned. Otherwise,
 * the whole text.
 */
export function textOfHtmlUntil(html: string, enough: (text: string) => boolean): string {
  if (!MARKUP.test(html)) return html.replace(WHITESPACE_RUN, ' ').trim();
  const parts: string[] = [];
  const parser = textParser(parts);
  // The text read so far, whitespace runs made one space, its start trimmed; each kilobyte's
  // parts are added to it once (not the whole text joined again after each kilobyte).
  let read = '';
  const take = () => {
    let added = parts.join('').replace(WHITESPACE_RUN, ' ');
    parts.length = 0;
    // A run of whitespace across two kilobytes is one space.
    if (added.startsWith(' ') && (read === '' || read.endsWith(' '))) added = added.slice(1);
    read += added;
  };
  let at = 0;
  for (; at + CHUNK_LENGTH < html.length; at += CHUNK_LENGTH) {
    parser.write(html.slice(at, at + CHUNK_LENGTH));
    take();
    const whole = read.slice(0, Math.max(0, read.lastIndexOf(' ')));
    if (enough(whole)) return whole;
  }
  parser.end(html.slice(at));
  take();
  return read.trimEnd();
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
