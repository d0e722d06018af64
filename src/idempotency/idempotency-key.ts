import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { InvalidInput } from '../common/errors/domain-errors';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';

/** 1 to 255 visible ASCII characters: `!` (0x21) to `~` (0x7E), so no spaces or controls. */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~]{1,255}$';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export const INVALID_IDEMPOTENCY_KEY =
  'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), as in a UUID';

/** Checks an `Idempotency-Key` header value; absent stays absent. */
export function parseIdempotencyKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw new InvalidInput(INVALID_IDEMPOTENCY_KEY);
  }
  return value;
}

/** The request's `Idempotency-Key`, checked (400 if invalid), or undefined without one. */
export const IdempotencyKeyHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    parseIdempotencyKey(context.switchToHttp().getRequest<Request>().headers['idempotency-key']),
);

/** What is stored of a key: its SHA-256, hex (a short, fixed-length primary key). */
export function hashIdempotencyKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
