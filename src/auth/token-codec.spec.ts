import { createHash } from 'node:crypto';
import { generateToken, hashToken, looksLikeToken, TOKEN_PREFIX } from './token-codec';

const BASE64URL_ALPHABET = /^[A-Za-z0-9_-]+$/;

describe('token codec', () => {
  describe('generateToken', () => {
    it('uses the recognisable prefix "dms_"', () => {
      expect(TOKEN_PREFIX).toBe('dms_');
      expect(generateToken().startsWith('dms_')).toBe(true);
    });

    it('carries at least 128 bits of entropy: 43 base64url characters after the prefix', () => {
      const body = generateToken().slice('dms_'.length);
      expect(body).toHaveLength(43);
      expect(body).toMatch(BASE64URL_ALPHABET);
      // 43 characters of a 64-letter alphabet hold 258 bits, well above 128.
      expect(body.length * Math.log2(64)).toBeGreaterThanOrEqual(128);
    });

    it('encodes 32 random bytes (256 bits) without padding', () => {
      const body = generateToken().slice('dms_'.length);
      const bytes = Buffer.from(body, 'base64url');
      expect(bytes).toHaveLength(32);
      expect(bytes.toString('base64url')).toBe(body);
    });

    it('makes a different token every time over 2000 tokens', () => {
      const tokens = Array.from({ length: 2000 }, () => generateToken());
      expect(new Set(tokens).size).toBe(2000);
    });

    it('uses most of the alphabet across many tokens (the body is not fixed or low-entropy)', () => {
      const bodies = Array.from({ length: 200 }, () => generateToken().slice('dms_'.length));
      const characters = new Set(bodies.join(''));
      // 8600 random base64url characters miss one of the 64 letters with negligible chance.
      expect(characters.size).toBe(64);
    });
  });

  describe('hashToken', () => {
    it('is the hex SHA-256 of the published "abc" test vector', () => {
      expect(hashToken('abc')).toBe(
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      );
    });

    it('matches SHA-256 computed independently with node:crypto for a generated token', () => {
      const token = generateToken();
      const expected = createHash('sha256').update(Buffer.from(token, 'utf8')).digest('hex');
      expect(hashToken(token)).toBe(expected);
    });

    it('hashes the UTF-8 bytes of non-ASCII input', () => {
      const expected = createHash('sha256').update(Buffer.from('dms_é😀', 'utf8')).digest('hex');
      expect(hashToken('dms_é😀')).toBe(expected);
    });

    it('is 64 lowercase hex digits and never the token itself', () => {
      const token = generateToken();
      const hash = hashToken(token);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toBe(token);
      expect(hash).not.toContain(token.slice('dms_'.length));
    });

    it('is stable for one token and different for another', () => {
      const token = generateToken();
      expect(hashToken(token)).toBe(hashToken(token));
      expect(hashToken(token)).not.toBe(hashToken(generateToken()));
    });
  });

  describe('looksLikeToken', () => {
    it('accepts every generated token', () => {
      const tokens = Array.from({ length: 200 }, () => generateToken());
      expect(tokens.filter((token) => !looksLikeToken(token))).toEqual([]);
    });

    const body = 'A'.repeat(21) + '_-' + 'z9'.repeat(10);

    it('accepts a hand-written token of the right shape', () => {
      expect(body).toHaveLength(43);
      expect(looksLikeToken(`dms_${body}`)).toBe(true);
    });

    it.each([
      { label: 'the empty string', value: '' },
      { label: 'the prefix alone', value: 'dms_' },
      { label: 'no prefix', value: body },
      { label: 'an upper-case prefix', value: `DMS_${body}` },
      { label: 'another prefix', value: `ghp_${body}` },
      { label: 'one character short', value: `dms_${body.slice(1)}` },
      { label: 'one character long', value: `dms_${body}A` },
      { label: 'a "+" from standard base64', value: `dms_${body.slice(1)}+` },
      { label: 'a "/" from standard base64', value: `dms_${body.slice(1)}/` },
      { label: 'base64 padding', value: `dms_${body.slice(1)}=` },
      { label: 'a leading space', value: ` dms_${body}` },
      { label: 'a trailing newline', value: `dms_${body}\n` },
      { label: 'the Bearer scheme included', value: `Bearer dms_${body}` },
      { label: 'a token hash', value: hashToken(`dms_${body}`) },
    ])('rejects $label', ({ value }) => {
      expect(looksLikeToken(value)).toBe(false);
    });
  });
});
