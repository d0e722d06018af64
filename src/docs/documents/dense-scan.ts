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

/** The first try reads this many grants per row to the page's end (a user with most grants). */
const FIRST_TRY_ROWS_PER_ROW = 4;

/**
 * How many grants, in the order of every grant, to read for a page reaching `depth` rows into
 * the list (`mergedListSql.densePage`), instead of `ways` arms (the user's `user_docs` and
 * each source) `depth` rows each: first a few per row of the page, enough for a user who has
 * most grants; then as many as cost what the arms do. Only where that is more than a few rows
 * per row of the page, i.e. for a user of many sources; when the grants read hold too few of
 * the user's, the next try is read, and the arms after the last, which at worst costs about
 * twice the arms. Empty: read the arms.
 */
export function denseScanRows(ways: number, depth: number): number[] {
  if (!readsEveryGrant(ways)) return [];
  const rows = Math.floor((ways * depth) / DENSE_ROW_COST);
  const firstTry = depth * FIRST_TRY_ROWS_PER_ROW;
  return firstTry < rows ? [firstTry, rows] : [rows];
}

/** Whether the pages of a user of `ways` ways are read from every grant (`denseScanRows`). */
export function readsEveryGrant(ways: number): boolean {
  return ways >= DENSE_ROW_COST * MIN_DENSE_ROWS_PER_ROW;
}
