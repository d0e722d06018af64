import { jsonBodyShapeProblem, MAX_BODY_DEPTH, MAX_BODY_KEYS } from './json-body-shape';

const shapeOf = (text: string) => jsonBodyShapeProblem(Buffer.from(text, 'utf8'));
const DEEP = 'request body is nested more than 64 levels deep';
const WIDE = 'request body has an object of more than 1000 keys';
const objectOfKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('jsonBodyShapeProblem', () => {
  it.each([
    ['an ordinary body', '{"title":"t","html":"<p>x</p>","path":"~/a"}'],
    ['64 levels, the top-level object included', '{"a":' + '['.repeat(63) + ']'.repeat(63) + '}'],
    ['an object of exactly 1000 keys', objectOfKeys(MAX_BODY_KEYS)],
    ['1000 keys in each of two objects', `[${objectOfKeys(1000)},${objectOfKeys(1000)}]`],
    ['a long array (arrays have no key limit)', `[${'1,'.repeat(100_000)}1]`],
    ['brackets, colons and braces inside strings', `{"t":"${'[{:'.repeat(1000)}"}`],
    ['escaped quotes inside strings', `{"t":"\\"${'[['.repeat(100)}\\\\\\""}`],
    ['a string ending in an escaped backslash', `{"t":"\\\\","u":"[[["}`],
    ['not JSON at all (left to the parser)', 'hello'],
  ])('accepts %s', (_label, text) => {
    expect(shapeOf(text)).toBeUndefined();
  });

  it.each([
    ['65 levels', '{"a":' + '['.repeat(64) + ']'.repeat(64) + '}', DEEP],
    ['65 levels of objects', '{"a":'.repeat(65) + '1' + '}'.repeat(65), DEEP],
    ['2,000,000 levels, unclosed', '['.repeat(2_000_000), DEEP],
    ['an object of 1001 keys', objectOfKeys(MAX_BODY_KEYS + 1), WIDE],
    ['1001 keys in a nested object', `{"a":{"b":${objectOfKeys(1001)}}}`, WIDE],
  ])('refuses %s', (_label, text, problem) => {
    expect(shapeOf(text)).toBe(problem);
  });

  it('counts levels as the contract does: the top-level object is level 1', () => {
    expect(MAX_BODY_DEPTH).toBe(64);
    expect(shapeOf('{}'.padStart(2))).toBeUndefined();
  });
});
