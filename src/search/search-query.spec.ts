import Database from 'better-sqlite3';
import fc from 'fast-check';
import { InvalidInput } from '../common/errors/domain-errors';
import { indexTerms, termOf } from '../common/text/search-terms';
import { occurrencesIn, occursIn, parseSearchQuery, SEARCH_QUERY_PATTERN } from './search-query';

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
  /** Each clause as its terms, phrases quoted, a prefix with a `*`. */
  const render = (q: string) =>
    parseSearchQuery(q).clauses.map(({ terms, prefix }) =>
      terms.length > 1 ? `"${terms.join(' ')}"` : `${terms[0]}${prefix ? '*' : ''}`,
    );

  it.each([
    ['cafe report', ['xxcafe', 'xxreport*']],
    ['"brown fox"', ['"xxbrown xxfox"']],
    ['"brown fox" lazy', ['"xxbrown xxfox"', 'xxlazy*']],
    ['"unclosed phrase', ['"xxunclosed xxphrase"']],
    ['e-mail', ['"xxe xxmail"']],
    ['"solo"', ['xxsolo']],
    // A last word of one or two characters is a whole word (the contract's 1.3 change).
    ['big DB', ['xxbig', 'xxdb']],
    ['report x', ['xxreport', 'xxx']],
    ['café', ['xxcafe*']],
  ])('%s', (q, expected) => {
    expect(render(q)).toEqual(expected);
  });

  it('Korean words are prefixes anywhere; a CJK run is a phrase of its words', () => {
    const korean = parseSearchQuery('서울 회의 abc');
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

// The OpenAPI document's pattern for `q` must agree with the service: a client validating its
// request against the document must neither send a `q` the service refuses nor hold back one it
// takes (lengths and the word count aside, which the schema states otherwise).
describe('SEARCH_QUERY_PATTERN', () => {
  const pattern = new RegExp(SEARCH_QUERY_PATTERN, 'u');
  const accepted = (q: string) => {
    try {
      parseSearchQuery(q);
      return true;
    } catch {
      return false;
    }
  };

  it('agrees with parseSearchQuery on every assigned code point alone', () => {
    // Unassigned and private-use code points are no letter, mark or digit to either.
    const unassigned = /[\p{Cn}\p{Co}\p{Cs}]/u;
    const disagreements: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const q = String.fromCodePoint(codePoint);
      if (unassigned.test(q)) continue;
      if (pattern.test(q) !== accepted(q)) disagreements.push(codePoint.toString(16));
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees with parseSearchQuery on random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (q) => {
        expect(pattern.test(q)).toBe(accepted(q));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['U+0089 (a C1 control)', false, '\u0089'],
    ['punctuation', false, ' !!! -- '],
    ['U+0E31 (a Thai vowel sign) alone', true, '\u0e31'],
    ['々 alone', true, '々'],
    ['U+0301 (a combining accent) alone', true, '\u0301'],
  ])('%s: matched by the pattern and accepted: %p', (_name, matches, q) => {
    expect(pattern.test(q)).toBe(matches);
    expect(accepted(q)).toBe(matches);
  });

  it('a q whose letters make no word has no clause (nothing matches)', () => {
    expect(parseSearchQuery('\u0e31')).toEqual({ clauses: [], words: [] });
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
