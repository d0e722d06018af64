import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('request fingerprints', () => {
  it('writes objects with sorted keys at every level, leaving out undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 3, e: null }], c: 'x' }, z: undefined })).toBe(
      '{"a":{"c":"x","d":[2,{"e":null,"f":3}]},"b":1}',
    );
  });

  it('is the same whatever order the fields were given in', () => {
    expect(requestFingerprint({ title: 'T', html: '', path: '~/a' })).toBe(
      requestFingerprint({ path: '~/a', html: '', title: 'T' }),
    );
  });

  it('tells apart requests that differ in any value, type or field name', () => {
    const prints = [
      { title: 'T', html: '', path: '~' },
      { title: 'T ', html: '', path: '~' },
      { title: 'T', html: '<p></p>', path: '~' },
      { title: 'T', html: '', path: '~/a' },
      { title: 'T', html: '', path: '~', extra: true },
      { title: 'T', body: '', path: '~' },
      { title: 1, html: '', path: '~' },
      { title: '1', html: '', path: '~' },
    ].map(requestFingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    for (const print of prints) expect(print).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps strings that JSON escapes apart from look-alikes', () => {
    expect(requestFingerprint({ title: 'a"b' })).not.toBe(requestFingerprint({ title: 'a\\"b' }));
    expect(canonicalJson({ 'a"': '\u2028' })).toBe('{"a\\"":"\u2028"}');
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});
