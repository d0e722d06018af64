import { paginate } from './pagination';

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
