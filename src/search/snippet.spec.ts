import { textOfHtml } from '../common/text/html-text';
import { parseSearchQuery } from './search-query';
import { buildSnippet, snippetOfHtml } from './snippet';

describe('buildSnippet', () => {
  it('escapes everything but the marks, and marks every matched word', () => {
    const query = parseSearchQuery('budget');
    expect(buildSnippet('<b>Budget</b> & budgets; budget "x"', query)).toBe(
      '&lt;b&gt;<mark>Budget</mark>&lt;/b&gt; &amp; <mark>budgets</mark>; <mark>budget</mark> &quot;x&quot;',
    );
  });

  it('a title-only match: the beginning of the text, cut with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const snippet = buildSnippet(text, parseSearchQuery('absent'));
    expect(snippet.endsWith('word…')).toBe(true);
    expect([...snippet].length).toBeLessThanOrEqual(200);
  });

  it('never more than 200 characters, whatever the cut', () => {
    const query = parseSearchQuery('needle');
    for (const at of [0, 50, 150, 400, 990]) {
      const text = `${'x'.repeat(at)} needle ${'y'.repeat(1000 - at)}`;
      const snippet = buildSnippet(text, query).replace(/<\/?mark>/g, '');
      expect(snippet.length).toBeLessThanOrEqual(200);
      expect(snippet).toContain('needle');
    }
  });

  it('does not split an emoji at a cut', () => {
    const text = `${'😀'.repeat(150)} needle`;
    const snippet = buildSnippet(text, parseSearchQuery('needle'));
    expect(snippet).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });
});

describe('snippetOfHtml', () => {
  const paragraph = (n: number) =>
    `<p>Paragraph ${n} of the <b>quarterly</b> report &amp; its notes: revenue grew.</p>` +
    `<ul><li>東京都の天気</li><li>我们讨论数据库迁移</li><li>서울에서 회의</li></ul>`;
  const html = (needleAt: number, paragraphs = 60) =>
    Array.from({ length: paragraphs }, (_, n) =>
      n === needleAt ? `<p>The <i>nee</i>dle is here, café.</p>${paragraph(n)}` : paragraph(n),
    ).join('\n');

  it.each([
    ['needle', 0],
    ['needle', 7],
    ['needle', 59],
    ['needle', -1],
    ['cafe', 20],
    ['quarterly revenue', 30],
    ['数据库', -1],
    ['東京', -1],
    ['서울', -1],
    ['absent', -1],
    ['"revenue grew"', 5],
    ['qua', -1],
  ])('%s (needle in paragraph %d): the same snippet as from the whole text', (q, at) => {
    const query = parseSearchQuery(q);
    const document = html(at);
    expect(document.length).toBeGreaterThan(5 * 1024);
    expect(snippetOfHtml(document, query)).toBe(buildSnippet(textOfHtml(document), query));
  });

  it('a match at every offset around the kilobytes the HTML is read by', () => {
    const query = parseSearchQuery('needle');
    for (let pad = 900; pad < 1150; pad++) {
      const document = `<p>${'ab '.repeat(pad / 3)}${'c'.repeat(pad % 3)} needle ${'de '.repeat(400)}</p>`;
      expect(snippetOfHtml(document, query)).toBe(buildSnippet(textOfHtml(document), query));
    }
  });

  it('a match near the end of a long text: the snippet ends the text, with no ellipsis', () => {
    const document = html(59);
    const snippet = snippetOfHtml(document, parseSearchQuery('needle'));
    expect(snippet).toContain('<mark>needle</mark>');
    expect(snippet.endsWith('…')).toBe(false);
  });

  it.each([
    ['a long text', html(-1)],
    ['a text of 200 characters', `<p>${'x'.repeat(199)}.</p>`],
    ['a short text', '<p>short</p>'],
    ['no text', ''],
  ])(
    'only the title matches (%s): the beginning read alone, as from the whole text',
    (_name, document) => {
      const query = parseSearchQuery('absent');
      expect(snippetOfHtml(document, query, false)).toBe(buildSnippet(textOfHtml(document), query));
    },
  );
});
