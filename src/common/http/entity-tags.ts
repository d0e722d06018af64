import { InvalidInput } from '../errors/domain-errors';

/**
 * Which versions a conditional write may change (`If-Match`): any existing one (`*`), or one
 * of a list. `undefined` when the request has no condition.
 */
export type VersionCondition =
  | undefined
  | { any: true }
  /** `weakOnly`: every tag of the header was weak, so none can match (said in the 412). */
  | { versions: number[]; weakOnly?: true };

/** The strong entity tag of a version, as sent in `ETag`: `"7"`. */
export function entityTag(version: number): string {
  return `"${version}"`;
}

/** An entity tag: optional weakness prefix, then a quoted string of visible characters. */
const TAG_SOURCE = String.raw`(W/)?"([\x21\x23-\x7e\x80-\xff]*)"`;

/** One entity tag alone, its weakness and opaque part captured. */
const ENTITY_TAG = new RegExp(String.raw`^\s*${TAG_SOURCE}\s*$`);

/** What `parseIfMatch` accepts, as a schema pattern for the OpenAPI document. */
export const IF_MATCH_PATTERN = String.raw`^\s*(?:\*|${TAG_SOURCE}(?:\s*,\s*${TAG_SOURCE})*)\s*$`;

const IF_MATCH_RULE =
  'If-Match must be * or a comma-separated list of entity tags such as "3" (as sent in ETag)';

/**
 * Reads an `If-Match` header (RFC 9110 §13.1.1). Matching is strong, so weak tags (`W/"3"`)
 * never match; nor do tags that are not a version number. A header that is not `*` or a list
 * of entity tags is a bad request: a client that asked for a condition must not get an
 * unconditional write.
 */
export function parseIfMatch(header: string | undefined): VersionCondition {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return { any: true };
  const versions: number[] = [];
  let weakOnly = true;
  for (const part of header.split(',')) {
    const tag = ENTITY_TAG.exec(part);
    if (!tag) throw new InvalidInput(IF_MATCH_RULE);
    const [, weak, opaque] = tag;
    if (weak) continue;
    weakOnly = false;
    if (/^[1-9][0-9]{0,9}$/.test(opaque) && Number(opaque) <= 2 ** 31 - 1) {
      versions.push(Number(opaque));
    }
  }
  return weakOnly ? { versions, weakOnly } : { versions };
}

/** Every entity tag in a header, weak or strong: its opaque part. */
const QUOTED_TAG = new RegExp(TAG_SOURCE, 'g');

/**
 * Whether an `If-None-Match` header names this version, so that a GET is answered `304 Not
 * Modified` (RFC 9110 §13.1.2): `*`, or a list holding its tag by weak comparison (`W/"3"`
 * names version 3 as `"3"` does). Anything else names no version: a full `200` is never a
 * wrong answer to a GET, so a malformed header is not an error here.
 */
export function namesVersion(ifNoneMatch: string | undefined, version: number): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const current = String(version);
  for (const [, , opaque] of ifNoneMatch.matchAll(QUOTED_TAG)) {
    if (opaque === current) return true;
  }
  return false;
}
