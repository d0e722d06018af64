import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidInput } from '../errors/domain-errors';

/** Deeper JSON than any request needs; class-transformer would recurse through all of it. */
export const MAX_BODY_DEPTH = 32;

/**
 * Validates DTOs: unknown fields are dropped, nothing is converted implicitly, and the first
 * broken rule of each field is reported as `<field> <rule>`.
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new InvalidInput(describeValidationErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Path parameters stay text for their own pipes (UuidPipe, IdPipe): converting `01` or
    // `0x10` to a number here would accept what those pipes refuse.
    if (metadata.type === 'param') return value;
    if (metadata.type === 'body' && !isJsonObject(value)) {
      throw new InvalidInput(
        'request body must be a JSON object, sent with Content-Type: application/json',
      );
    }
    if (metadata.type === 'body' && nestingDepthExceeds(value, MAX_BODY_DEPTH)) {
      throw new InvalidInput(`request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
    }
    return super.transform(value, metadata);
  }
}

/** Whether parsed JSON nests deeper than `limit`; walks without recursion. */
export function nestingDepthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeValidationErrors(errors: ValidationError[]): string {
  const messages = errors.flatMap((error) => {
    const first = Object.values(error.constraints ?? {})[0];
    return first ? [first] : describeValidationErrors(error.children ?? []);
  });
  return [...new Set(messages)].join('; ');
}
