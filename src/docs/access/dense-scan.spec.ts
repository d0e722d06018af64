import { denseScanRows, readsEveryGrant } from './dense-scan';

describe('denseScanRows', () => {
  it('tries 1.25, two and four grants per row of the page, then as many as the arms would cost rows', () => {
    // 51 ways (user_docs and 50 groups) to page 1 of 20: 51 * 20 arm rows, a grant costing two.
    expect(denseScanRows(51, 20)).toEqual([25, 40, 80, 510]);
    expect(denseScanRows(9, 20)).toEqual([25, 40, 80, 90]);
    expect(denseScanRows(51, 3)).toEqual([4, 6, 12, 76]);
  });

  it('leaves out an early try that costs what the arms would', () => {
    expect(denseScanRows(8, 20)).toEqual([25, 40, 80]);
  });

  it('reads the arms for a user of a few sources, where they cost little', () => {
    expect(denseScanRows(7, 20)).toEqual([]);
    expect(denseScanRows(1, 20)).toEqual([]);
  });
});

describe('readsEveryGrant', () => {
  it('holds from eight ways, where a few grants per row cost what the arms do', () => {
    expect([readsEveryGrant(7), readsEveryGrant(8), readsEveryGrant(51)]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
