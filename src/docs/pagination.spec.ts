import { pageWindow, paginate } from './pagination';

describe('paginate (Kaminari rules)', () => {
  it.each([
    {
      label: 'no items, first page',
      page: 1,
      perPage: 20,
      totalCount: 0,
      expected: {
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 0,
        total_count: 0,
      },
    },
    {
      label: 'no items, a page past the (empty) end',
      page: 3,
      perPage: 20,
      totalCount: 0,
      expected: {
        current_page: 3,
        next_page: null,
        prev_page: null,
        total_pages: 0,
        total_count: 0,
      },
    },
    {
      label: 'a single item',
      page: 1,
      perPage: 20,
      totalCount: 1,
      expected: {
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 1,
      },
    },
    {
      label: 'exactly one full page',
      page: 1,
      perPage: 20,
      totalCount: 20,
      expected: {
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 20,
      },
    },
    {
      label: 'first of two pages',
      page: 1,
      perPage: 20,
      totalCount: 21,
      expected: { current_page: 1, next_page: 2, prev_page: null, total_pages: 2, total_count: 21 },
    },
    {
      label: 'last page, partly filled',
      page: 2,
      perPage: 20,
      totalCount: 21,
      expected: { current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 21 },
    },
    {
      label: 'last page, exactly filled',
      page: 3,
      perPage: 10,
      totalCount: 30,
      expected: { current_page: 3, next_page: null, prev_page: 2, total_pages: 3, total_count: 30 },
    },
    {
      label: 'a middle page',
      page: 3,
      perPage: 10,
      totalCount: 45,
      expected: { current_page: 3, next_page: 4, prev_page: 2, total_pages: 5, total_count: 45 },
    },
    {
      label: 'one page past the last',
      page: 3,
      perPage: 20,
      totalCount: 21,
      expected: {
        current_page: 3,
        next_page: null,
        prev_page: null,
        total_pages: 2,
        total_count: 21,
      },
    },
    {
      label: 'far past the last page',
      page: 50,
      perPage: 20,
      totalCount: 21,
      expected: {
        current_page: 50,
        next_page: null,
        prev_page: null,
        total_pages: 2,
        total_count: 21,
      },
    },
    {
      label: 'one item per page',
      page: 2,
      perPage: 1,
      totalCount: 3,
      expected: { current_page: 2, next_page: 3, prev_page: 1, total_pages: 3, total_count: 3 },
    },
    {
      label: 'maximum page size, rounding up',
      page: 1,
      perPage: 100,
      totalCount: 101,
      expected: {
        current_page: 1,
        next_page: 2,
        prev_page: null,
        total_pages: 2,
        total_count: 101,
      },
    },
    {
      label: 'big numbers, a middle page',
      page: 5_000_000,
      perPage: 100,
      totalCount: 1_000_000_001,
      expected: {
        current_page: 5_000_000,
        next_page: 5_000_001,
        prev_page: 4_999_999,
        total_pages: 10_000_001,
        total_count: 1_000_000_001,
      },
    },
    {
      label: 'big numbers, the last page',
      page: 10_000_001,
      perPage: 100,
      totalCount: 1_000_000_001,
      expected: {
        current_page: 10_000_001,
        next_page: null,
        prev_page: 10_000_000,
        total_pages: 10_000_001,
        total_count: 1_000_000_001,
      },
    },
  ])(
    '$label: page $page of $totalCount items by $perPage',
    ({ page, perPage, totalCount, expected }) => {
      expect(paginate(page, perPage, totalCount)).toEqual(expected);
    },
  );

  it('gives null (not undefined) for missing next and previous pages', () => {
    const pagination = paginate(1, 20, 0);
    expect(pagination).toHaveProperty('next_page', null);
    expect(pagination).toHaveProperty('prev_page', null);
  });
});

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
