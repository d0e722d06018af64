import { MemoryBoundedMap } from './memory-bounded-map';

describe('MemoryBoundedMap', () => {
  const byLength = () => new MemoryBoundedMap<string, string>(10, (value) => value.length);

  it('lets the least recently set go first once its values pass the bytes it may hold', () => {
    const map = byLength();
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    map.set('a', 'xxxx'); // set again: b is now the oldest
    map.set('c', 'xxx');
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([
      'xxxx',
      undefined,
      'xxx',
      7,
    ]);
  });

  it('counts a value set again by its new size, and forgets a deleted one', () => {
    const map = byLength();
    map.set('a', 'xxxxxxxx');
    map.set('a', 'xx');
    map.set('b', 'xxxxxxxx');
    map.delete('a');
    expect([map.get('a'), map.get('b'), map.size]).toEqual([undefined, 'xxxxxxxx', 8]);
  });

  it('keeps no value larger than all it may hold', () => {
    const map = byLength();
    map.set('a', 'xx');
    map.set('b', 'x'.repeat(11));
    expect([map.get('a'), map.get('b'), map.size]).toEqual([undefined, undefined, 0]);
  });
});
