import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { Transform } from 'class-transformer';

/** Length in Unicode code points, so an emoji counts as one character. */
export const codePointLength = (value: string): number => [...value].length;

/** Trims surrounding whitespace of strings; leaves every other value for the type check. */
export const TrimmedString = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * A string of `min` to `max` code points. Non-strings pass here so that only the
 * type check (`IsString`) reports them.
 */
export function CodePointLength(min: number, max: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'codePointLength',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return true;
          const length = codePointLength(value);
          return length >= min && length <= max;
        },
        defaultMessage: ({ property, value }: ValidationArguments) => {
          if (typeof value !== 'string' || codePointLength(value) <= max) {
            return min === 1
              ? `${property} must not be empty`
              : `${property} must be at least ${min} characters`;
          }
          return `${property} must be at most ${max} characters`;
        },
      },
    });
}

/** A lone UTF-16 surrogate (`"\ud800"` in JSON) cannot be stored or sent back as sent. */
export const hasLoneSurrogate = (value: string): boolean => /\p{Cs}/u.test(value);

/** Rejects strings with lone surrogates; non-strings pass for `IsString` to report. */
export function WellFormedText(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'wellFormedText',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasLoneSurrogate(value),
        defaultMessage: ({ property }: ValidationArguments) =>
          `${property} must be valid Unicode text (it contains a lone surrogate)`,
      },
    });
}
