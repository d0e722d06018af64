import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';

/** The committed OpenAPI document, as clients see it. */
export const openapi = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApiDocument;

type Schema = Record<string, unknown>;

interface MediaType {
  schema: Schema;
  example?: unknown;
}

interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: Schema;
}

interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema: Schema;
    description?: string;
  }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * A copy of a schema for checking with ajv: `$ref`s point at the component schemas registered
 * by name. For responses (`closed`), objects admit no property the document does not name, so
 * the service can return neither less nor more than it promises; a request may carry others,
 * which the service ignores.
 */
function ajvCopy(node: unknown, closed: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => ajvCopy(item, closed));
  if (node === null || typeof node !== 'object') return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example') continue;
    copy[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)
        ? value.slice(COMPONENT_PREFIX.length)
        : ajvCopy(value, closed);
  }
  if (closed && copy.type === 'object' && copy.properties && !('additionalProperties' in copy)) {
    copy.additionalProperties = false;
  }
  return copy;
}

const strictCopy = (node: unknown) => ajvCopy(node, true);

function newAjv(closed = true): Ajv {
  // strict mode stays on: an OpenAPI keyword that ajv would silently ignore fails the test.
  const ajv = new Ajv({ allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(openapi.components.schemas)) {
    ajv.addSchema(ajvCopy(schema, closed) as Schema, name);
  }
  return ajv;
}

/**
 * What the document lets a client send, as a client (or a tester generating requests from it)
 * validates a request: a query or path parameter's value, or the JSON body.
 */
export class RequestSchemas {
  private readonly ajv = newAjv(false);
  private readonly validators = new Map<string, ValidateFunction>();

  accepts(method: string, path: string, part: { parameter: string } | 'body', value: unknown) {
    const key = `${method} ${path} ${part === 'body' ? 'body' : part.parameter}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const op = operation(method, path);
      const schema =
        part === 'body'
          ? op.requestBody?.content['application/json']?.schema
          : op.parameters?.find((parameter) => parameter.name === part.parameter)?.schema;
      if (!schema) throw new Error(`${key} is not in openapi.json`);
      validate = this.ajv.compile(ajvCopy(schema, false) as Schema);
      this.validators.set(key, validate);
    }
    return validate(value);
  }
}

/** Every documented (operation, status) pair, as `"createDoc 201"`. */
export function documentedResponses(): string[] {
  return Object.values(openapi.paths).flatMap((operations) =>
    Object.values(operations).flatMap((operation) =>
      Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`),
    ),
  );
}

export function operation(method: string, path: string): Operation {
  const found = openapi.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in openapi.json`);
  return found;
}

/** Checks real responses against the document and records which responses were seen. */
export class ContractChecker {
  private readonly ajv = newAjv();
  private readonly validators = new Map<string, ValidateFunction>();
  readonly seen = new Set<string>();

  check(method: string, path: string, response: Response): void {
    const op = operation(method, path);
    const where = `${method.toUpperCase()} ${path} → ${response.status}`;
    const documented = op.responses[String(response.status)];
    if (!documented) {
      throw new Error(`${where} is not documented (body: ${response.text.slice(0, 200)})`);
    }
    this.seen.add(`${op.operationId} ${response.status}`);

    // A documented header must be there unless marked `required: false` (sent only when it
    // applies), and when there, it must have the documented type (header values are text).
    for (const [header, doc] of Object.entries(documented.headers ?? {})) {
      const value = response.headers[header.toLowerCase()] as string | undefined;
      if (value === undefined) {
        if (doc.required === false) continue;
        throw new Error(`${where}: documented header ${header} is missing`);
      }
      if (doc.schema?.type === 'integer') {
        if (!/^\d+$/.test(value)) {
          throw new Error(`${where}: header ${header} is not an integer: ${value}`);
        }
      } else if (doc.schema) {
        const validate = this.validator(
          `${op.operationId} ${response.status} ${header}`,
          doc.schema,
        );
        if (!validate(value)) {
          throw new Error(
            `${where}: header ${header} does not match openapi.json: ${this.ajv.errorsText(validate.errors)}`,
          );
        }
      }
    }

    const media = documented.content?.['application/json'];
    if (!media) {
      if (response.text !== '') throw new Error(`${where}: documented without a body, got one`);
      return;
    }
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const validate = this.validator(`${op.operationId} ${response.status}`, media.schema);
    if (!validate(response.body)) {
      throw new Error(
        `${where}: the body does not match openapi.json: ${this.ajv.errorsText(validate.errors)}\n` +
          JSON.stringify(response.body, null, 2).slice(0, 2000),
      );
    }
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(strictCopy(schema) as Schema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
