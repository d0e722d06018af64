import type { OpenAPIObject } from '@nestjs/swagger';

type SchemaObject = Exclude<
  NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string],
  { $ref: string }
>;

const extrasBySchema = new Map<string, SchemaObject>();

/**
 * Schema keywords about a DTO as a whole, which @nestjs/swagger has no decorator for
 * (`minProperties`, `anyOf` of required fields): merged into the class's schema by
 * `applySchemaExtras` when the OpenAPI document is built.
 */
export function ApiSchemaExtras(keywords: SchemaObject): ClassDecorator {
  return (target) => {
    extrasBySchema.set(target.name, keywords);
  };
}

export function applySchemaExtras(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const [name, keywords] of extrasBySchema) {
    const schema = schemas[name];
    if (schema && !('$ref' in schema)) Object.assign(schema, keywords);
  }
  return document;
}
