import { createHash } from 'node:crypto';

/**
 * JSON with object keys in sorted order and `undefined` properties left out, so that two
 * values that mean the same give the same text whatever order their keys were built in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`cannot fingerprint a ${typeof value}`);
  return text;
}

/**
 * SHA-256 (hex) of what a request asks for, in canonical form. Callers pass the parsed,
 * normalised fields (not the raw body), so that requests meaning the same thing match.
 */
export function requestFingerprint(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request), 'utf8').digest('hex');
}
