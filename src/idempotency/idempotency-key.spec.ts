import { InvalidInput } from '../common/errors/domain-errors';
import {
  hashIdempotencyKey,
  IDEMPOTENCY_KEY_PATTERN,
  INVALID_IDEMPOTENCY_KEY,
  parseIdempotencyKey,
} from './idempotency-key';

describe('Idempotency-Key', () => {
  it.each([
    'a',
    '5b9a3c1e-8f2d-4e6a-b7c0-2d4f6a8b1c3e',
    '!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}',
    'k'.repeat(255),
  ])('accepts %j', (key) => {
    expect(parseIdempotencyKey(key)).toBe(key);
    expect(key).toMatch(new RegExp(IDEMPOTENCY_KEY_PATTERN));
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'a b'],
    ['a joined repeat of the header', 'a, b'],
    ['with a tab', 'a\tb'],
    ['with a control character', 'a\u0001'],
    ['with DEL', 'a\u007f'],
    ['with a non-ASCII letter', 'clé'],
    ['with an emoji', 'key-🔑'],
  ])('refuses a key %s', (_case, key) => {
    expect(() => parseIdempotencyKey(key)).toThrow(new InvalidInput(INVALID_IDEMPOTENCY_KEY));
    expect(key).not.toMatch(new RegExp(IDEMPOTENCY_KEY_PATTERN));
  });

  it('refuses a header sent as several values', () => {
    expect(() => parseIdempotencyKey(['a', 'b'])).toThrow(InvalidInput);
  });

  it('leaves an absent header absent', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it('is stored as its SHA-256, which tells keys apart by case', () => {
    expect(hashIdempotencyKey('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashIdempotencyKey('ABC')).not.toBe(hashIdempotencyKey('abc'));
    expect(hashIdempotencyKey('k'.repeat(255))).toHaveLength(64);
  });
});
