import Database from 'better-sqlite3';
import { InvalidInput } from '../common/errors/domain-errors';
import { indexTerms, termOf } from '../common/text/search-terms';
import {
  occurrencesIn,
  occursIn,
  parseSearchQuery,
  toFts5Match,
  toMysqlBoolean,
} from './search-query';

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

describe('occurrencesIn and occursIn', () => {
  it('count as SQL counts with REPLACE, on terms of repeats, phrases and prefixes', () => {
    const sqlite = new Database(':memory:');
    const counted = sqlite.prepare(
      "SELECT (length(' ' || ? || ' ') - length(replace(' ' || ? || ' ', ?, ''))) / length(?) AS n",
    );
    const words = ['xxa', 'xxab', 'xxb', 'xxa xxa', 'xxab xxb'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 500; round++) {
      const terms = Array.from(
        { length: Math.floor(next() * 8) },
        () => words[Math.floor(next() * words.length)],
      ).join(' ');
      const phrase = words[Math.floor(next() * words.length)];
      const clause = ` ${phrase}${next() < 0.3 ? '' : ' '}`;
      const { n } = counted.get(terms, terms, clause, clause) as { n: number };
      expect({ terms, clause, count: occurrencesIn(terms, clause) }).toEqual({
        terms,
        clause,
        count: n,
      });
      expect(occursIn(terms, clause)).toBe(n > 0 ? 1 : 0);
    }
    sqlite.close();
  });

  it('an adjacent repeat shares its space: three in a row count as two', () => {
    expect(occurrencesIn('xxvery xxvery xxvery', ' xxvery ')).toBe(2);
    expect(occurrencesIn('xxvery xxvery xxvery', ' xxver')).toBe(3);
    expect(occurrencesIn(null, ' xxvery ')).toBe(0);
  });
});
