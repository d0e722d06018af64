import { Parser } from 'htmlparser2';
import sanitizeHtml, { Attributes, IOptions } from 'sanitize-html';
import { textOfHtml } from '../../common/text/html-text';
import { countTerms, indexTerms, TermCounts } from '../../common/text/search-terms';

/** Deepest element nesting a document may have (browsers stop nesting at 512). */
export const MAX_HTML_NESTING = 128;

/** Ordinary rich-text markup: what editors produce for documents. */
const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'br', 'hr', 'blockquote'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['pre', 'code', 'kbd', 'samp', 'var'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
  ...['abbr', 'cite', 'q', 'time', 'details', 'summary'],
];

/** No `id` or `name`: they would let a document's markup shadow the page's globals. */
const GLOBAL_ATTRIBUTES = ['class', 'style', 'title', 'lang', 'dir'];

/** Style properties that format text and boxes; none positions, layers or loads anything. */
const ALLOWED_STYLE_PROPERTIES = new Set([
  ...['color', 'background-color', 'opacity'],
  ...['font', 'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight'],
  ...['text-align', 'text-decoration', 'text-decoration-color', 'text-decoration-line'],
  ...['text-decoration-style', 'text-indent', 'text-transform', 'line-height'],
  ...['letter-spacing', 'word-spacing', 'white-space', 'word-break', 'overflow-wrap'],
  ...['vertical-align', 'direction', 'list-style-type', 'list-style-position'],
  ...['margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left'],
  ...['padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left'],
  ...['border', 'border-top', 'border-right', 'border-bottom', 'border-left'],
  ...['border-color', 'border-style', 'border-width', 'border-radius', 'border-collapse'],
  ...['border-spacing', 'width', 'height', 'min-width', 'max-width', 'min-height', 'max-height'],
  ...['float', 'clear', 'table-layout', 'caption-side'],
]);

/** CSS functions a style value may call: colours and arithmetic (never `url()` or `image()`). */
const ALLOWED_STYLE_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc']);

/** What a value may be made of: no escapes, `<`, `@`, `{` or `;` (and no comment, below). */
const STYLE_VALUE = /^[\w\s#%.,!'"()+\-*/]*$/;
const STYLE_FUNCTION_CALL = /([a-z-]*)\s*\(/gi;
const STYLE_DECLARATION = /^\s*([a-z-]+)\s*:([^]*)$/i;

/** The `data:` images a browser shows as pictures and nothing else. */
const RASTER_DATA_URL = /^\s*data:image\/(?:png|jpeg|gif|webp)[;,]/i;
const DATA_URL = /^\s*data:/i;

const REQUIRED_BLANK_TARGET_RELS = ['noopener', 'noreferrer'];

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start', 'reversed', 'type'],
    ul: ['type'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    th: ['colspan', 'rowspan', 'scope', 'headers', 'align', 'valign'],
    td: ['colspan', 'rowspan', 'headers', 'align', 'valign'],
    time: ['datetime'],
    q: ['cite'],
    blockquote: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    details: ['open'],
  },
  // Links and images may point to http(s), mail and phone addresses, or be relative.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: true,
  // Style values are filtered here (applyAttributePolicy), not rewritten by the library's CSS
  // parser, so allowed styles round-trip as written.
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: applyAttributePolicy(tagName, attribs) }),
  },
};

/**
 * sanitize-html decodes entities (which it must, to see through `&#106;avascript:`) and writes
 * void elements XHTML-style (`<br />`). Its output is brought back to the way browsers
 * serialise HTML, which is how editors send it: a no-break space as `&nbsp;`, and `<br>`.
 * Text and attribute values have `>` escaped, so ` />` can only end a tag.
 */
const XHTML_VOID_END = / \/>/g;
const NO_BREAK_SPACE = /\u00A0/g;

/** Text without markup: no tag, no entity, nothing the parser would escape. */
const MARKUP = /[<>&]/;

export type SanitizedHtml = { html: string } | { nestedTooDeep: true };

/**
 * A document's HTML made safe, the search terms of its text (`search-terms.ts`) and how often
 * each occurs.
 */
export type PreparedHtml =
  { html: string; searchTerms: string; termCounts: TermCounts } | { nestedTooDeep: true };

/**
 * What a document's HTML is stored as: sanitised (unless it was already, as a revision's),
 * with the search terms of the text a reader sees.
 */
export function prepareDocumentHtml(html: string, sanitize = true): PreparedHtml {
  const sanitized = sanitize ? sanitizeDocumentHtml(html) : { html };
  if ('nestedTooDeep' in sanitized) return sanitized;
  const searchTerms = indexTerms(textOfHtml(sanitized.html));
  return { html: sanitized.html, searchTerms, termCounts: countTerms(searchTerms) };
}

/**
 * Removes scripts, event-handler attributes, `javascript:` URLs, markup outside the rich-text
 * allow-list, styles outside theirs, `id` and `name`, and `data:` images that are not raster
 * pictures; gives `target="_blank"` links `rel="noopener noreferrer"`. Well-formed safe markup
 * comes back unchanged. Markup nested deeper than `MAX_HTML_NESTING` is refused, not parsed:
 * the parser's cost grows with the square of the nesting.
 */
export function sanitizeDocumentHtml(html: string): SanitizedHtml {
  // Plain text comes out as it went in (bar the no-break space), without the parser's cost.
  if (!MARKUP.test(html)) return { html: html.replace(NO_BREAK_SPACE, '&nbsp;') };
  if (htmlNestingExceeds(html, MAX_HTML_NESTING)) return { nestedTooDeep: true };
  const sanitized = sanitizeHtml(html, OPTIONS)
    .replace(XHTML_VOID_END, '>')
    .replace(NO_BREAK_SPACE, '&nbsp;');
  return { html: sanitized };
}

/**
 * Elements the parser also keeps on its stack of foreign (SVG, MathML) contexts, which only
 * their own closing tags shorten: `<p><math></p>` repeated grows it without nesting anything.
 */
const FOREIGN_CONTEXT_ELEMENTS = new Set([
  ...['math', 'svg', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml'],
  ...['foreignobject', 'desc', 'title'],
]);

/**
 * Whether the parser sanitize-html uses would hold more than `limit` open elements (or foreign
 * contexts) at some point of `html`. Runs that parser and stops it as soon as the limit is
 * passed, so this costs at most `limit` steps per tag. A document with no more than `limit`
 * tags cannot nest deeper, and is not parsed here.
 */
export function htmlNestingExceeds(html: string, limit: number): boolean {
  if (!hasMoreTagsThan(html, limit)) return false;
  let open = 0;
  let foreign = 0;
  let exceeded = false;
  const parser = new Parser(
    {
      onopentagname(name) {
        open++;
        if (FOREIGN_CONTEXT_ELEMENTS.has(name)) foreign++;
        if (open > limit || foreign > limit) {
          exceeded = true;
          parser.pause();
        }
      },
      onclosetag(name, isImplied) {
        open--;
        // Only a closing tag of its own name ends a foreign context (an implied close does not).
        if (!isImplied && FOREIGN_CONTEXT_ELEMENTS.has(name)) foreign--;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  if (!exceeded) parser.end();
  return exceeded;
}

function hasMoreTagsThan(html: string, count: number): boolean {
  let at = -1;
  for (let seen = 0; seen <= count; seen++) {
    at = html.indexOf('<', at + 1);
    if (at === -1) return false;
  }
  return true;
}

/** The attribute rules sanitize-html has no option for; the other rules are its options. */
function applyAttributePolicy(tagName: string, attribs: Attributes): Attributes {
  if (attribs.style !== undefined) {
    const style = allowedStyle(attribs.style);
    if (style === '') delete attribs.style;
    else attribs.style = style;
  }
  if (tagName === 'a' && attribs.target?.trim().toLowerCase() === '_blank') {
    const rels = (attribs.rel ?? '').split(/\s+/).filter(Boolean);
    const present = new Set(rels.map((rel) => rel.toLowerCase()));
    const missing = REQUIRED_BLANK_TARGET_RELS.filter((rel) => !present.has(rel));
    if (missing.length > 0) attribs.rel = [...rels, ...missing].join(' ');
  }
  if (tagName === 'img' && attribs.src !== undefined) {
    if (DATA_URL.test(attribs.src) && !RASTER_DATA_URL.test(attribs.src)) delete attribs.src;
  }
  return attribs;
}

/**
 * The declarations of a `style` value whose property is allowed and whose value is plain (no
 * function but colours and `calc`): the value as written when all are, else the allowed ones
 * joined by `; `, or nothing.
 */
function allowedStyle(style: string): string {
  const declarations = style.split(';').filter((declaration) => declaration.trim() !== '');
  const allowed = declarations.filter(isAllowedDeclaration);
  if (allowed.length === declarations.length) return style;
  return allowed.map((declaration) => declaration.trim()).join('; ');
}

function isAllowedDeclaration(declaration: string): boolean {
  const match = STYLE_DECLARATION.exec(declaration);
  if (!match) return false;
  const [, property, value] = match;
  if (!ALLOWED_STYLE_PROPERTIES.has(property.toLowerCase())) return false;
  if (!STYLE_VALUE.test(value) || value.includes('/*')) return false;
  for (const [, name] of value.matchAll(STYLE_FUNCTION_CALL)) {
    if (!ALLOWED_STYLE_FUNCTIONS.has(name.toLowerCase())) return false;
  }
  return true;
}
