import { Injectable } from '@nestjs/common';
import sanitizeHtml, { IOptions } from 'sanitize-html';

/** Ordinary rich-text markup: what editors produce for documents. */
const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'br', 'hr', 'blockquote'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['pre', 'code', 'kbd', 'samp', 'var'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
  ...['abbr', 'cite', 'q', 'time', 'details', 'summary'],
];

const GLOBAL_ATTRIBUTES = ['class', 'id', 'style', 'title', 'lang', 'dir'];

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    a: ['href', 'target', 'rel', 'name'],
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
  // Style values are kept as written (no CSS rewriting), so safe markup round-trips.
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
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

/**
 * Removes scripts, event-handler attributes, `javascript:` URLs and markup outside the
 * rich-text allow-list. Well-formed safe markup comes back unchanged.
 */
@Injectable()
export class HtmlSanitizer {
  sanitize(html: string): string {
    // Plain text comes out as it went in (bar the no-break space), without the parser's cost.
    if (!MARKUP.test(html)) return html.replace(NO_BREAK_SPACE, '&nbsp;');
    return sanitizeHtml(html, OPTIONS)
      .replace(XHTML_VOID_END, '>')
      .replace(NO_BREAK_SPACE, '&nbsp;');
  }
}
