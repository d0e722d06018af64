import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidInput } from '../errors/domain-errors';

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
    if (metadata.type === 'body' && !isJsonObject(value)) {
      throw new InvalidInput(
        'request body must be a JSON object, sent with Content-Type: application/json',
      );
    }
    return super.transform(value, metadata);
  }
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
