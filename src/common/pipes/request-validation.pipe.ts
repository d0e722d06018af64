import { ArgumentMetadata, Type, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { InvalidInput } from '../errors/domain-errors';
import { describeValidationErrors } from '../validation/describe-validation-errors';

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
    if (metadata.type !== 'body') return super.transform(value, metadata);
    if (!isJsonObject(value)) {
      throw new InvalidInput(
        'request body must be a JSON object, sent with Content-Type: application/json',
      );
    }
    const fields = metadata.metatype && declaredFields(metadata.metatype);
    return super.transform(fields ? withDeclaredFieldsOnly(value, fields) : value, metadata);
  }
}

/** A DTO's validated fields, and whether each holds a scalar (string, number, boolean). */
type DeclaredFields = Map<string, boolean>;

const SCALAR_TYPES = new Set<unknown>([String, Number, Boolean]);
const declaredFieldsByDto = new WeakMap<Type, DeclaredFields | null>();

function declaredFields(dto: Type): DeclaredFields | null {
  let fields = declaredFieldsByDto.get(dto);
  if (fields === undefined) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
    fields = rules.length === 0 ? null : new Map();
    for (const { propertyName } of rules) {
      const type: unknown = Reflect.getMetadata(
        'design:type',
        dto.prototype as object,
        propertyName,
      );
      fields?.set(propertyName, SCALAR_TYPES.has(type));
    }
    declaredFieldsByDto.set(dto, fields);
  }
  return fields;
}

/**
 * The body with the DTO's fields only, before class-transformer copies it: unknown fields
 * are dropped anyway (whitelist), and copying them costs time in proportion to their content
 * (a million-element array, about a second of blocked event loop). An array or object where a
 * scalar is declared is refused by validation whatever it holds, with the same message for an
 * empty one: it is replaced by an empty one for the same reason.
 */
function withDeclaredFieldsOnly(
  body: Record<string, unknown>,
  fields: DeclaredFields,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, scalar] of fields) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    const container = typeof value === 'object' && value !== null;
    kept[name] = scalar && container ? (Array.isArray(value) ? [] : {}) : value;
  }
  return kept;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
