import { InvalidInput } from '../errors/domain-errors';
import { entityTag, IF_MATCH_PATTERN, namesVersion, parseIfMatch } from './entity-tags';

describe('entity tags', () => {
  it('writes a version as a strong tag', () => {
    expect(entityTag(7)).toBe('"7"');
  });

  describe('parseIfMatch', () => {
    it.each([
      [undefined, undefined],
      ['*', { any: true }],
      [' * ', { any: true }],
      ['"3"', { versions: [3] }],
      ['"3", "5"', { versions: [3, 5] }],
      ['"3","5" ,"8"', { versions: [3, 5, 8] }],
      // Strong comparison: a weak tag never matches.
      ['W/"3"', { versions: [], weakOnly: true }],
      ['W/"3", W/"4"', { versions: [], weakOnly: true }],
      ['W/"3", "4"', { versions: [4] }],
      // Valid tags that are no version of ours match nothing.
      ['"abc"', { versions: [] }],
      ['""', { versions: [] }],
      ['"0"', { versions: [] }],
      ['"03"', { versions: [] }],
      ['"-1"', { versions: [] }],
      ['"99999999999"', { versions: [] }],
      ['"2147483648"', { versions: [] }],
      ['"2147483647"', { versions: [2147483647] }],
    ])('reads %p', (header, expected) => {
      expect(parseIfMatch(header)).toEqual(expected);
    });

    it.each(['*', ' * ', '"3"', '"3", "5"', '"3","5" ,"8"', 'W/"3", "4"', '"abc"', '""'])(
      'has a schema pattern that accepts %p as it does',
      (header) => {
        expect(parseIfMatch(header)).toBeDefined();
        expect(new RegExp(IF_MATCH_PATTERN).test(header)).toBe(true);
      },
    );

    it.each(['', '3', '"3', '3"', '"3" "4"', '"3",', ',"3"', '*, "3"', 'W/3', '"a"b"', '"\u0001"'])(
      'has a schema pattern that refuses %p as it does',
      (header) => {
        expect(new RegExp(IF_MATCH_PATTERN).test(header)).toBe(false);
      },
    );

    it.each(['', '3', '"3', '3"', '"3" "4"', '"3",', ',"3"', '*, "3"', 'W/3', '"a"b"', '"\u0001"'])(
      'refuses %p',
      (header) => {
        expect(() => parseIfMatch(header)).toThrow(InvalidInput);
        expect(() => parseIfMatch(header)).toThrow(
          'If-Match must be * or a comma-separated list of entity tags such as "3" (as sent in ETag)',
        );
      },
    );
  });

  describe('namesVersion (If-None-Match)', () => {
    it.each(['"3"', ' "3" ', 'W/"3"', '"1", "3"', '"1",W/"3"', '"a,b", "3"', '*', ' * '])(
      'names version 3 in %p',
      (header) => {
        expect(namesVersion(header, 3)).toBe(true);
      },
    );

    it.each([undefined, '', '"4"', 'W/"4"', '"03"', '3', '"3', '"1", "30"', '"x3"', 'garbage'])(
      'does not name version 3 in %p',
      (header) => {
        expect(namesVersion(header, 3)).toBe(false);
      },
    );
  });
});
