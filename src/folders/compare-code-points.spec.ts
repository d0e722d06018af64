import { compareCodePoints } from './folders.service';

/** The comparator's sign: -1, 0 or 1. */
const order = (a: string, b: string): number => Math.sign(compareCodePoints(a, b));

describe('compareCodePoints', () => {
  it.each([
    { label: 'U+FF21 (fullwidth A) before U+1F600 (emoji)', a: '\uFF21', b: '😀' },
    { label: 'U+E000 (private use) before U+10000', a: '\uE000', b: '\u{10000}' },
    { label: 'U+FFFD before U+1D400 (mathematical bold A)', a: '\uFFFD', b: '𝐀' },
  ])('orders by code point where UTF-16 order differs: $label', ({ a, b }) => {
    expect(order(a, b)).toBe(-1);
    expect(order(b, a)).toBe(1);
    // JavaScript's default comparison sees the surrogate 0xD83D.. first, and disagrees.
    expect(a < b).toBe(false);
  });

  it('sorts folder paths in code-point order, unlike the default sort', () => {
    const paths = ['~/😀', '~/\uFF21', '~/b', '~/a', '~/\uE000'];
    expect([...paths].sort(compareCodePoints)).toEqual([
      '~/a',
      '~/b',
      '~/\uE000',
      '~/\uFF21',
      '~/😀',
    ]);
    expect([...paths].sort()).toEqual(['~/a', '~/b', '~/😀', '~/\uE000', '~/\uFF21']);
  });

  it.each([
    { label: 'ASCII letters', a: 'a', b: 'b' },
    { label: 'upper case before lower case', a: 'Z', b: 'a' },
    { label: 'BMP letters', a: 'é', b: '日' },
    { label: 'two astral characters', a: '😀', b: '😁' },
    { label: 'difference after a shared astral prefix', a: '😀a', b: '😀b' },
  ])('agrees with the natural order elsewhere: $label', ({ a, b }) => {
    expect(order(a, b)).toBe(-1);
    expect(order(b, a)).toBe(1);
  });

  it.each([
    { label: 'the empty string before anything', a: '', b: 'a' },
    { label: 'a parent folder before its child', a: '~/a', b: '~/a/b' },
    { label: 'a name before a longer name it starts', a: '~/ab', b: '~/abc' },
    { label: 'an emoji prefix before its extension', a: '😀', b: '😀😀' },
  ])('puts a prefix first: $label', ({ a, b }) => {
    expect(order(a, b)).toBe(-1);
    expect(order(b, a)).toBe(1);
  });

  it.each([
    { label: 'empty strings', value: '' },
    { label: 'ASCII', value: '~/a/b' },
    { label: 'emoji and CJK', value: '~/😀/日本' },
  ])('gives 0 for equal strings: $label', ({ value }) => {
    expect(compareCodePoints(value, value)).toBe(0);
  });
});
