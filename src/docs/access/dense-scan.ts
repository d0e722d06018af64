/**
 * What a grant read in the order of every grant costs (tested: is it the user's?) against a
 * row of an arm (a range that is all the user's). Measured on SQLite at 100,000 documents, a
 * member of 50 groups: 1,020 arm rows read and merged in 1.86 ms, 680 grants (the page's and
 * the boundary's) in 0.41 ms, so a grant costs less; counted as two arm rows, which leaves room
 * for users whose grants are spread unevenly.
 */
const DENSE_ROW_COST = 2;

/** Fewer grants than this per row of the page: the arms, few, cost little. */
const MIN_DENSE_ROWS_PER_ROW = 4;

/**
 * The tries before the last read this many grants per row to the page's end: 1.25, enough for
 * a user who has four in five of the grants read; two, for one who has half; four, for a
 * quarter. A try that holds too few costs one statement, once (see `denseScanRows`).
 */
const EARLY_TRIES_ROWS_PER_ROW = [1.25, 2, 4];

/**
 * How many grants, in the order of every grant, to read for a page reaching `depth` rows into
 * the list (`mergedListSql.densePage`), instead of `ways` arms (the user's `user_docs` and
 * each source) `depth` rows each: first a few per row of the page, then as many as cost what
 * the arms do. Only where that is more than a few rows per row of the page, i.e. for a user of
 * many sources; when the grants read hold too few of the user's, the next try is read, and
 * the arms after the last, which at worst costs about twice the arms. A user's next page
 * starts from the try that last gave a whole page (`GrantListMemo.denseTry`). Empty: read the
 * arms.
 */
export function denseScanRows(ways: number, depth: number): number[] {
  if (!readsEveryGrant(ways)) return [];
  const rows = Math.floor((ways * depth) / DENSE_ROW_COST);
  const early = EARLY_TRIES_ROWS_PER_ROW.map((perRow) => Math.ceil(depth * perRow));
  return [...early.filter((tried) => tried < rows), rows];
}

/** The most ways of a user whose pages are read from their arms (`readsEveryGrant`). */
export const MOST_WAYS_READ_AS_ARMS = DENSE_ROW_COST * MIN_DENSE_ROWS_PER_ROW - 1;

/** Whether the pages of a user of `ways` ways are read from every grant (`denseScanRows`). */
export function readsEveryGrant(ways: number): boolean {
  return ways >= DENSE_ROW_COST * MIN_DENSE_ROWS_PER_ROW;
}
