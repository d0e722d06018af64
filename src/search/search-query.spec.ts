import { InvalidInput } from '../common/errors/domain-errors';
import { indexTerms, termOf } from '../common/text/search-terms';
import { parseSearchQuery, toFts5Match, toMysqlBoolean } from './search-query';
import { buildSnippet } from './snippet';

describe('search terms', () => {
  it.each([
    ['Café NAÏVE Ｆｕｌｌ', 'xxcafe xxnaive xxfull'],
    ["don't stop 3.14", 'xxdont xxstop xx314'],
    ['the a I', 'xxthe xxa xxi'],
    ['quiz', 'xxq0035uiz'],
    ['東京都の天気', 'xxq0kflq0fjg xxq0sn1 xxq09ke xxq0hm1q0lcn'],
  ])('%s → %s', (text, terms) => {
    expect(indexTerms(text)).toBe(terms);
  });

  it('keeps kana voicing marks (が is not か) and Hangul syllables whole', () => {
    expect(indexTerms('が')).not.toBe(indexTerms('か'));
    expect(indexTerms('서울에서')).toBe(termOf('서울에서'));
  });

  it("a word's prefix is its term's prefix", () => {
    expect(termOf('東京都').startsWith(termOf('東京'))).toBe(true);
    expect(termOf('report').startsWith(termOf('rep'))).toBe(true);
  });

  it('cuts long terms at 84 characters, on a character boundary', () => {
    expect(termOf('a'.repeat(100))).toHaveLength(84);
    const cjk = termOf('東'.repeat(30));
    expect(cjk).toHaveLength(2 + 16 * 5);
  });
});

describe('parseSearchQuery', () => {
  const render = (q: string) => {
    const query = parseSearchQuery(q);
    return [toMysqlBoolean(query), toFts5Match(query)];
  };

  it.each([
    ['cafe report', ['+xxcafe +xxreport*', 'xxcafe AND xxreport*']],
    ['"brown fox"', ['+"xxbrown xxfox"', '"xxbrown xxfox"']],
    ['"brown fox" lazy', ['+"xxbrown xxfox" +xxlazy*', '"xxbrown xxfox" AND xxlazy*']],
    ['"unclosed phrase', ['+"xxunclosed xxphrase"', '"xxunclosed xxphrase"']],
    ['e-mail', ['+"xxe xxmail"', '"xxe xxmail"']],
    ['"solo"', ['+xxsolo', 'xxsolo']],
  ])('%s', (q, expected) => {
    expect(render(q)).toEqual(expected);
  });

  it('Korean words are prefixes anywhere; a CJK run is a phrase of its words', () => {
    const korean = parseSearchQuery('서울 회의 a');
    expect(korean.clauses.map((clause) => clause.prefix)).toEqual([true, true, true]);
    const japanese = parseSearchQuery('東京都 天気');
    expect(japanese.clauses.map((clause) => clause.terms.length)).toEqual([2, 1]);
  });

  it.each([
    ['!!!', 'q must contain a word to search for (letters or digits)'],
    ['a '.repeat(33), 'q must have at most 32 words (a phrase counts its words); it has 33'],
  ])('%j: InvalidInput', (q, message) => {
    expect(() => parseSearchQuery(q)).toThrow(new InvalidInput(message));
  });
});

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
