import { denseScanRows } from './dense-scan';

describe('denseScanRows', () => {
  it('reads as many grants as the arms would cost rows, for a user of many sources', () => {
    // 51 ways (user_docs and 50 groups) to page 1 of 20: 51 * 20 rows, a grant costing two.
    expect(denseScanRows(51, 20)).toBe(510);
    expect(denseScanRows(8, 20)).toBe(80);
  });

  it('reads the arms for a user of a few sources, where they cost little', () => {
    expect(denseScanRows(7, 20)).toBeUndefined();
    expect(denseScanRows(1, 20)).toBeUndefined();
  });
});
