import fc from 'fast-check';
import { htmlNestingExceeds, MAX_HTML_NESTING, sanitizeDocumentHtml } from './html-policy';

describe('sanitizeDocumentHtml', () => {
  const sanitize = (html: string): string => {
    const sanitized = sanitizeDocumentHtml(html);
    if (!('html' in sanitized)) throw new Error('refused as nested too deep');
    return sanitized.html;
  };

  describe('removes script elements', () => {
    it.each([
      {
        label: 'inside a paragraph',
        input: '<p>a<script>alert(1)</script>b</p>',
        expected: '<p>ab</p>',
      },
      { label: 'on its own', input: '<script>alert(1)</script>', expected: '' },
      {
        label: 'in upper case with a type',
        input: '<p>a<SCRIPT type="text/javascript">alert(1)</SCRIPT>b</p>',
        expected: '<p>ab</p>',
      },
      {
        label: 'with an external source, between paragraphs',
        input: '<p>before</p><script src="https://evil.example/x.js"></script><p>after</p>',
        expected: '<p>before</p><p>after</p>',
      },
    ])('$label', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });
  });

  describe('removes event-handler attributes and keeps the element', () => {
    it.each([
      {
        label: 'onclick next to an allowed class',
        input: '<p onclick="steal()" class="note">t</p>',
        expected: '<p class="note">t</p>',
      },
      {
        label: 'onerror on an image',
        input: '<img src="x.png" onerror="alert(1)" alt="x">',
        expected: '<img src="x.png" alt="x">',
      },
      {
        label: 'handlers in mixed case',
        input: '<p onmouseover="alert(1)" ONCLICK="x()">t</p>',
        expected: '<p>t</p>',
      },
      {
        label: 'onload on a link',
        input: '<a href="https://example.com" onload="alert(1)">l</a>',
        expected: '<a href="https://example.com">l</a>',
      },
    ])('$label', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });
  });

  describe('removes javascript: URLs', () => {
    it.each([
      { label: 'plain', href: 'javascript:alert(1)' },
      { label: 'mixed case', href: 'JaVaScRiPt:alert(1)' },
      { label: 'decimal entity for the first letter', href: '&#106;avascript:alert(1)' },
      { label: 'hex entity and &colon;', href: '&#x6A;avascript&colon;alert(1)' },
      { label: 'entity-encoded colon', href: 'javascript&#58;alert(1)' },
      {
        label: 'every character zero-padded decimal entities',
        href: '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
      },
      { label: 'leading spaces', href: '   javascript:alert(1)' },
      { label: 'leading tab', href: '\tjavascript:alert(1)' },
      { label: 'tab inside the scheme', href: 'java\tscript:alert(1)' },
      { label: 'entity-encoded tab inside the scheme', href: 'java&#x09;script:alert(1)' },
    ])('from a link href: $label', ({ href }) => {
      expect(sanitize(`<a href="${href}">click</a>`)).toBe('<a>click</a>');
    });

    it('from an image src, keeping the alt text', () => {
      expect(sanitize('<img src="javascript:alert(1)" alt="a">')).toBe('<img alt="a">');
    });
  });

  describe('removes elements outside rich text', () => {
    it.each([
      {
        label: 'an iframe (its fallback text is kept as text)',
        input: '<p>x</p><iframe src="https://evil.example">fallback</iframe>',
        expected: '<p>x</p>fallback',
      },
      {
        label: 'an empty iframe',
        input: '<iframe src="https://evil.example"></iframe>',
        expected: '',
      },
      {
        label: 'a style element with its CSS',
        input: '<style>body { display: none }</style><p>x</p>',
        expected: '<p>x</p>',
      },
      {
        label: 'a form with its inputs and buttons (the button label stays as text)',
        input: '<form action="/steal"><input name="a"><button>Go</button></form>',
        expected: 'Go',
      },
      {
        label: 'an svg with an onload handler',
        input: '<svg onload="alert(1)"><circle></circle></svg>',
        expected: '',
      },
    ])('$label', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });
  });

  describe('returns well-formed safe rich text byte for byte', () => {
    it.each([
      { label: 'headings', html: '<h1>Title</h1><h2>Part</h2><h3>Sub</h3><h6>Small</h6>' },
      { label: 'paragraphs', html: '<p>One.</p><p>Two.</p>' },
      {
        label: 'nested lists, with an ordered list start',
        html: '<ul><li>one</li><li>two<ol start="3"><li>three</li></ol></li></ul>',
      },
      {
        label: 'links with href, target and rel',
        html: '<p><a href="https://example.com/docs?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">docs</a></p>',
      },
      {
        label: 'relative, mailto and tel links',
        html: '<a href="/relative/page">r</a> <a href="mailto:a@example.com">m</a> <a href="tel:+441234">t</a>',
      },
      {
        label: 'a table with colspan',
        html: '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      },
      {
        label: 'an image with src and alt',
        html: '<p><img src="https://example.com/cat.png" alt="A cat"></p>',
      },
      {
        label: 'a code block with a language class',
        html: '<pre><code class="language-js">const ok = a &lt; b &amp;&amp; c;\n  return ok;\n</code></pre>',
      },
      {
        label: 'text styling',
        html: '<p><b>b</b> <i>i</i> <strong>strong</strong> <em>em</em> <u>u</u> <s>s</s></p>',
      },
      { label: 'line breaks and rules', html: '<p>line<br>break</p><hr><p>after</p>' },
      {
        label: 'style attributes kept as written',
        html: '<p style="color: red; text-align: center;">red</p><span style="font-weight:bold">b</span>',
      },
      {
        label: 'global attributes on a block',
        html: '<div class="note" lang="en" dir="ltr" title="A note"><blockquote>q</blockquote></div>',
      },
      {
        label: 'a whole editor document',
        html:
          '<h1>Report</h1>\n<p>Intro with <a href="https://example.com">a link</a>.</p>\n' +
          '<ul>\n  <li><strong>First</strong></li>\n  <li><em>Second</em></li>\n</ul>\n' +
          '<pre><code class="language-js">let x = 1;</code></pre>\n',
      },
    ])('$label', ({ html }) => {
      expect(sanitize(html)).toBe(html);
    });
  });

  describe('text', () => {
    it.each([
      { label: 'emoji', html: '<p>Emoji 😀 👍🏽 👨‍👩‍👧</p>' },
      { label: 'CJK, Greek and Hebrew', html: '<p>日本語, Ελληνικά, עברית</p>' },
      { label: 'accented Latin', html: '<p>naïve café, Ærø</p>' },
      { label: 'plain text without tags', html: 'just text 😀' },
      { label: 'escaped ampersand and less-than', html: '<p>Tom &amp; Jerry &lt;3</p>' },
      { label: 'escaped entities outside any tag', html: 'Tom &amp; Jerry &lt;3 &gt; 2' },
      { label: 'quotes and apostrophes', html: '<p>"quoted" and it\'s</p>' },
    ])('is unchanged: $label', ({ html }) => {
      expect(sanitize(html)).toBe(html);
    });

    it('keeps the empty string empty', () => {
      expect(sanitize('')).toBe('');
    });

    // Editors serialise U+00A0 as "&nbsp;" (it is what innerHTML writes), so it is ordinary
    // well-formed safe markup that the contract says must come back unchanged.
    it.each([
      { label: 'an empty editor paragraph', html: '<p>&nbsp;</p>' },
      { label: 'a no-break space between words', html: '<p>a&nbsp;b</p>' },
    ])('keeps &nbsp; as written: $label', ({ html }) => {
      expect(sanitize(html)).toBe(html);
    });
  });

  // Text without markup skips the parser; it must come out exactly as the parser would give it.
  describe('text without markup', () => {
    // Refused before they reach the sanitiser (400).
    const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const throughParser = (html: string) => sanitize(`<p>${html}</p>`).slice(3, -4);

    it('is what the parser makes of it, for any text without <, > or &', () => {
      fc.assert(
        fc.property(
          fc.string({
            unit: fc.oneof(
              fc.constantFrom('\u00a0', '"', "'", '\r', '\t', '\0', '😀'),
              fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            ),
          }),
          (text) => {
            fc.pre(!/[<>&]/.test(text) && !LONE_SURROGATE.test(text));
            expect(sanitize(text)).toBe(throughParser(text));
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('writes a no-break space as &nbsp;', () => {
      expect(sanitize('a\u00a0b')).toBe('a&nbsp;b');
    });
  });
  describe('styles: allowed properties with plain values only', () => {
    it.each([
      {
        label: 'positioning dropped, formatting kept',
        input: '<p style="color: red; position: fixed; top: 0; z-index: 9">x</p>',
        expected: '<p style="color: red">x</p>',
      },
      {
        label: 'a url() in an allowed property',
        input: '<p style="background-color: url(https://evil.example/t.png)">x</p>',
        expected: '<p>x</p>',
      },
      {
        label: 'background with an image, and an allowed colour',
        input: '<span style="background: url(x.png); color: #333">x</span>',
        expected: '<span style="color: #333">x</span>',
      },
      {
        label: 'an escape that would spell url',
        input: '<p style="color: u\\72l(x)">x</p>',
        expected: '<p>x</p>',
      },
      {
        label: 'expression() and comments',
        input: '<p style="width: expression(alert(1)); height: 1px /* x */">x</p>',
        expected: '<p>x</p>',
      },
      {
        label: 'an overlay: width, height and position together',
        input: '<div style="position:absolute;left:0;top:0;width:100%;height:100%">x</div>',
        expected: '<div style="width:100%; height:100%">x</div>',
      },
    ])('$label', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });

    it('keeps colours, calc() and shorthands as written', () => {
      const html =
        '<p style="color: rgb(0, 0, 0); margin: calc(1em + 2px) 0; font: italic 12px/1.5 Georgia, serif !important">x</p>';
      expect(sanitize(html)).toBe(html);
    });
  });

  describe('id and name are dropped (no clobbering of page globals)', () => {
    it.each([
      { input: '<p id="config">x</p>', expected: '<p>x</p>' },
      { input: '<a name="x" href="/a">a</a>', expected: '<a href="/a">a</a>' },
      { input: '<img name="body" id="cookie" src="a.png">', expected: '<img src="a.png">' },
    ])('$input', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });
  });

  describe('target="_blank" links get rel="noopener noreferrer"', () => {
    it.each([
      {
        input: '<a href="/a" target="_blank">a</a>',
        expected: '<a href="/a" target="_blank" rel="noopener noreferrer">a</a>',
      },
      {
        input: '<a href="/a" target="_BLANK" rel="nofollow">a</a>',
        expected: '<a href="/a" target="_BLANK" rel="nofollow noopener noreferrer">a</a>',
      },
      {
        input: '<a href="/a" target="_blank" rel="noreferrer">a</a>',
        expected: '<a href="/a" target="_blank" rel="noreferrer noopener">a</a>',
      },
      { input: '<a href="/a" target="_self">a</a>', expected: '<a href="/a" target="_self">a</a>' },
    ])('$input', ({ input, expected }) => {
      expect(sanitize(input)).toBe(expected);
    });
  });

  describe('data: images only for png, jpeg, gif and webp', () => {
    it.each(['png', 'jpeg', 'gif', 'webp', 'PNG'])('keeps image/%s', (type) => {
      const html = `<img src="data:image/${type};base64,iVBORw0KGgo=" alt="x">`;
      expect(sanitize(html)).toBe(html);
    });

    it.each([
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:text/html;base64,PHNjcmlwdD4=',
      ' DATA:image/png-but-not;base64,AAAA',
      'data:image/pngx;base64,AAAA',
    ])('drops the src of %s', (src) => {
      expect(sanitize(`<img src="${src.replace(/"/g, '&quot;')}" alt="x">`)).toBe('<img alt="x">');
    });
  });

  describe('nesting deeper than MAX_HTML_NESTING is refused', () => {
    const refused = (html: string) => sanitizeDocumentHtml(html);

    it.each([
      ['unclosed <b>', '<b>'.repeat(MAX_HTML_NESTING + 1)],
      [
        'nested <div>',
        '<div>'.repeat(MAX_HTML_NESTING + 1) + '</div>'.repeat(MAX_HTML_NESTING + 1),
      ],
      [
        'foreign contexts the parser keeps open: <p><math></p>',
        '<p><math></p>'.repeat(MAX_HTML_NESTING + 1),
      ],
    ])('%s', (_label, html) => {
      expect(refused(html)).toEqual({ nestedTooDeep: true });
      expect(htmlNestingExceeds(html, MAX_HTML_NESTING)).toBe(true);
    });

    it.each([
      ['nesting of exactly the limit', '<b>'.repeat(MAX_HTML_NESTING) + 'x'],
      ['many siblings', '<p>x</p>'.repeat(10 * MAX_HTML_NESTING)],
      ['unclosed <p>, each closed by the next', '<p>x'.repeat(10 * MAX_HTML_NESTING)],
      [
        'unclosed <li> and <td>',
        '<ul>' + '<li>x'.repeat(1000) + '</ul><table><tr>' + '<td>y'.repeat(1000) + '</table>',
      ],
      ['void elements', '<br><hr><img src="a.png">'.repeat(1000)],
      [
        'closed <svg> and <math> (dropped, their text kept)',
        '<svg>a</svg><math>b</math>'.repeat(1000),
      ],
    ])('%s is sanitised', (_label, html) => {
      expect(htmlNestingExceeds(html, MAX_HTML_NESTING)).toBe(false);
      expect('html' in refused(html)).toBe(true);
    });
  });
});
