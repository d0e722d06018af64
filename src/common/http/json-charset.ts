import type { Request } from 'express';

/** The media types whose bodies are parsed as JSON. */
export const JSON_BODY_TYPES = ['application/json', 'application/*+json'];

/** The `charset` parameter of a Content-Type header: quoted or not. */
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/**
 * JSON bodies are UTF-8 (RFC 8259 §8.1). The JSON parser refuses a charset that is no UTF (415)
 * but decodes one declared as UTF-16 or UTF-32 and reads noise: every charset but UTF-8 is
 * refused the same way, before the body is read. Returns that refusal (a 415 error), if any.
 */
export function unsupportedCharset(request: Request): Error | undefined {
  const type = request.headers['content-type'];
  if (type === undefined || !request.is(JSON_BODY_TYPES)) return undefined;
  const match = CHARSET.exec(type);
  const charset = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (charset === undefined || charset === 'utf-8') return undefined;
  return Object.assign(new Error(`unsupported charset "${charset.toUpperCase()}"`), {
    type: 'charset.unsupported',
    status: 415,
    charset,
  });
}
