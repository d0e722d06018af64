import { pageWindow } from './page-window';

describe('pageWindow (which end of the list order a page is read from)', () => {
  it.each([
    { offset: 0, limit: 20, total: 100, expected: { from: 'newest-first', offset: 0, limit: 20 } },
    // The page straddling the middle: 40 rows after it, 40 before it.
    {
      offset: 40,
      limit: 20,
      total: 100,
      expected: { from: 'newest-first', offset: 40, limit: 20 },
    },
    {
      offset: 60,
      limit: 20,
      total: 100,
      expected: { from: 'oldest-first', offset: 20, limit: 20 },
    },
    { offset: 80, limit: 20, total: 100, expected: { from: 'oldest-first', offset: 0, limit: 20 } },
    // A short last page: only the rows that exist.
    { offset: 20, limit: 20, total: 25, expected: { from: 'oldest-first', offset: 0, limit: 5 } },
    {
      offset: 99_980,
      limit: 20,
      total: 100_000,
      expected: { from: 'oldest-first', offset: 0, limit: 20 },
    },
    {
      offset: 99_900,
      limit: 100,
      total: 99_950,
      expected: { from: 'oldest-first', offset: 0, limit: 50 },
    },
    { offset: 0, limit: 100, total: 5, expected: { from: 'newest-first', offset: 0, limit: 100 } },
    { offset: 1, limit: 1, total: 3, expected: { from: 'newest-first', offset: 1, limit: 1 } },
    { offset: 2, limit: 1, total: 3, expected: { from: 'oldest-first', offset: 0, limit: 1 } },
  ])(
    'offset $offset, $limit per page, $total in all → $expected',
    ({ offset, limit, total, expected }) => {
      expect(pageWindow(offset, limit, total)).toEqual(expected);
    },
  );

  it('reads the same rows from either end', () => {
    const total = 47;
    const newestFirst = Array.from({ length: total }, (_, index) => total - index);
    const oldestFirst = [...newestFirst].reverse();
    for (const limit of [1, 5, 10, 20]) {
      for (let offset = 0; offset < total; offset += limit) {
        const window = pageWindow(offset, limit, total);
        const source = window.from === 'newest-first' ? newestFirst : oldestFirst;
        let rows = source.slice(window.offset, window.offset + window.limit);
        if (window.from === 'oldest-first') rows = rows.reverse();
        expect(rows).toEqual(newestFirst.slice(offset, offset + limit));
      }
    }
  });
});
