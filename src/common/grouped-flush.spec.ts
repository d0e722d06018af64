import { GroupedFlush } from './grouped-flush';

describe('GroupedFlush', () => {
  it('writes what is added during a flush in the next one, and answers each caller after its own', async () => {
    const flushed: number[][] = [];
    let release: () => void = () => undefined;
    const grouped = new GroupedFlush<number>(async (parts) => {
      flushed.push(parts);
      if (flushed.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const answered: number[] = [];
    const first = grouped.add(1).then(() => answered.push(1));
    const second = grouped.add(2).then(() => answered.push(2));
    const third = grouped.add(3).then(() => answered.push(3));
    await Promise.resolve();
    expect(flushed).toEqual([[1]]);
    expect(answered).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    expect(flushed).toEqual([[1], [2, 3]]);
    expect(answered).toEqual([1, 2, 3]);
  });

  it('gives a failed flush’s error to its callers only, and goes on with the next', async () => {
    let calls = 0;
    const grouped = new GroupedFlush<string>((parts) => {
      calls++;
      return calls === 1 ? Promise.reject(new Error(`lost ${parts.join()}`)) : Promise.resolve();
    });
    const failed = grouped.add('a');
    const next = grouped.add('b');
    await expect(failed).rejects.toThrow('lost a');
    await expect(next).resolves.toBeUndefined();
    await expect(grouped.add('c')).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });
});
