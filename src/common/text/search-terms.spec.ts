import {
  WantedWord,
  countTerms,
  firstWordOf,
  isWanted,
  packTermCounts,
  termWeights,
  unpackTermCounts,
  wordsOf,
} from './search-terms';

/** Pieces of text in every script and form the folding rules treat apart. */
const PIECES = [
  ...['time', 'Time', 'TIME', 'timeline', 'ti.me', "time's", 'e.g', '3.14', 'x_y', 'q'],
  ...['café', 'CAFÉ', 'cafe\u0301', 'naïve', 'ﬁle', 'Ｆｕｌｌ', 'ΣΟΦΊΑ', 'σοφία', 'Straße'],
  ...['東京都の天気', '東京', '京都', '我们讨论数据库迁移', '数据库', 'ﾃﾞｰﾀ', 'データ', 'DB数据库'],
  ...['서울에서', '서울', '㈜회사', 'ภาษาไทย', '😀', '—', '...', "'", '&', '<b>'],
];
const SEPARATORS = [' ', ' ', ', ', '. ', '', '\n', '/'];

/** A small seeded generator (mulberry32), so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('firstWordOf', () => {
  it('finds the first wanted word wordsOf finds, on texts mixing every script', () => {
    const next = seeded(22);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const foldedWords = [...new Set(PIECES.flatMap((piece) => [...wordsOf(piece)]))].map(
      (word) => word.folded,
    );
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => {
        return pick(PIECES) + pick(SEPARATORS);
      }).join('');
      const wanted: WantedWord[] = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
        const folded = pick(foldedWords);
        const prefix = next() < 0.4;
        return {
          folded: prefix ? [...folded].slice(0, 1 + Math.floor(next() * 2)).join('') : folded,
          prefix,
        };
      });
      const expected = [...wordsOf(text)].find((word) => isWanted(word.folded, wanted));
      const found = firstWordOf(text, wanted);
      expect({ text, wanted, word: found?.word }).toEqual({ text, wanted, word: expected });
      if (found !== undefined) {
        // Going on from the run gives the same words as the whole walk from there.
        const after = [...wordsOf(text)].filter((word) => word.start >= found.runStart);
        expect([...wordsOf(text, found.runStart)]).toEqual(after);
      }
    }
  });

  it('for ASCII words among joiners, accents and compatibility forms, from a separator, finds what wordsOf finds', () => {
    const next = seeded(50);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    // Runs that may fold or join into the words, and the characters that join or part them.
    const pieces = [
      ...['nef', 'Nef', 'NEF', 'nefre', 'nefré', 'néf', 'ｎｅｆ', 'ﬁ', 'fi', 'FI', 'x', 'é', '3'],
      ...["'", '’', '.', '_', '..', '東京', '—', '😀', ' ', ' ', ', ', '\n'],
    ];
    const words = ['nef', 'nefre', 'fi', 'x', 'xnef', 'nefx', '3', 'e', 'fix'];
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 14) }, () => pick(pieces)).join('');
      const wanted: WantedWord[] = Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({
        folded: pick(words),
        prefix: next() < 0.5,
      }));
      // From the start, or from a separator (as snippets go on from a text's last space).
      const spaces = [0, ...[...text.matchAll(/ /g)].map((space) => space.index)];
      const from = pick(spaces);
      const expected = [...wordsOf(text)].find(
        (word) => word.start >= from && isWanted(word.folded, wanted),
      );
      const found = firstWordOf(text, wanted, from);
      expect({ text, wanted, from, word: found?.word }).toEqual({
        text,
        wanted,
        from,
        word: expected,
      });
      if (found !== undefined) {
        const after = [...wordsOf(text)].filter((word) => word.start >= found.runStart);
        expect([...wordsOf(text, found.runStart)]).toEqual(after);
      }
    }
  });

  it('skips what cannot match without missing folded forms', () => {
    expect(firstWordOf('Ｔｉｍｅ then time', [{ folded: 'time', prefix: false }])?.word).toEqual({
      start: 0,
      end: 4,
      folded: 'time',
    });
    expect(firstWordOf('ti.me TIME', [{ folded: 'time', prefix: false }])?.word.start).toBe(0);
    expect(firstWordOf('東京都の天気', [{ folded: '京都', prefix: false }])).toBeUndefined();
    expect(firstWordOf('ﾃﾞｰﾀベース', [{ folded: 'データ', prefix: true }])?.word.start).toBe(0);
  });
});

describe('termWeights', () => {
  it('weighs an occurrence in the title 4 and one in the text 1, every repeat counted', () => {
    const body = countTerms('xxreport xxreport xxbudget xxreport');
    expect(termWeights('xxannual xxreport', body)).toEqual(
      new Map([
        ['xxreport', 3 + 4],
        ['xxbudget', 1],
        ['xxannual', 4],
      ]),
    );
    expect(body).toEqual(
      new Map([
        ['xxreport', 3],
        ['xxbudget', 1],
      ]),
    );
  });

  it('has nothing for missing or empty terms', () => {
    expect(termWeights(null, countTerms(''))).toEqual(new Map());
    expect(termWeights('', null)).toEqual(new Map());
  });
});

describe('packed term counts', () => {
  it('come back as they were packed, in order', () => {
    const counts = countTerms('xxb xxa xxb xxq4e2d xxb');
    const packed = packTermCounts(counts);
    expect(packed).toEqual({ terms: 'xxb xxa xxq4e2d', counts: Uint32Array.from([3, 1, 1]) });
    expect([...unpackTermCounts(packed)]).toEqual([...counts]);
  });

  it('of a text without terms are empty', () => {
    expect(unpackTermCounts(packTermCounts(countTerms('')))).toEqual(new Map());
  });
});
