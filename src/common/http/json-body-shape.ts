/** Most keys one object of a request body may have. */
export const MAX_BODY_KEYS = 1000;
/** Deepest nesting of objects and arrays in a request body (the top-level object is level 1). */
export const MAX_BODY_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** Marks an open array on the stack of key counts (objects count their keys from 0). */
const ARRAY = -1;

/**
 * What is wrong with the shape of a JSON text, before it is parsed: an object with more than
 * `MAX_BODY_KEYS` keys, or nesting deeper than `MAX_BODY_DEPTH`; undefined when neither.
 * Reads the bytes once (strings are skipped whole), so its cost is linear in the body's size:
 * the parser and the DTO transformation then only ever see bounded structures.
 */
export function jsonBodyShapeProblem(body: Uint8Array): string | undefined {
  const keyCounts: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (byte === QUOTE) {
      i = closingQuote(body, i);
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (keyCounts.length === MAX_BODY_DEPTH) {
        return `request body is nested more than ${MAX_BODY_DEPTH} levels deep`;
      }
      keyCounts.push(byte === OPEN_OBJECT ? 0 : ARRAY);
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      keyCounts.pop();
    } else if (byte === COLON && keyCounts.length > 0) {
      const top = keyCounts.length - 1;
      if (keyCounts[top] !== ARRAY && ++keyCounts[top] > MAX_BODY_KEYS) {
        return `request body has an object of more than ${MAX_BODY_KEYS} keys`;
      }
    }
  }
  return undefined;
}

/** The index of the quote that ends the string opened at `start` (the end of the body if none). */
function closingQuote(body: Uint8Array, start: number): number {
  let quote = start;
  for (;;) {
    quote = body.indexOf(QUOTE, quote + 1);
    if (quote === -1) return body.length;
    let backslashes = 0;
    while (body[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
}
