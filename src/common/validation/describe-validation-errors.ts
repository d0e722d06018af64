import type { ValidationError } from 'class-validator';

/** The first broken rule of each field, as `<field> <rule>`, joined with `; `. */
export function describeValidationErrors(errors: ValidationError[]): string {
  const messages = errors.flatMap((error) => {
    const first = Object.values(error.constraints ?? {})[0];
    return first ? [first] : describeValidationErrors(error.children ?? []);
  });
  return [...new Set(messages)].join('; ');
}
