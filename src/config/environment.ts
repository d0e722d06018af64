import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, validateSync } from 'class-validator';

import { ConfigError } from './config-error';

export { ConfigError };

export const HOUR_MS = 3_600_000;

/** A string of digits becomes a number; anything else stays as given for the validator to refuse. */
export const integerOrOriginal = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/** true/false, 1/0, yes/no and on/off (any case) become booleans; anything else stays as given. */
export const booleanOrOriginal = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalised)) return true;
  if (['0', 'false', 'no', 'off'].includes(normalised)) return false;
  return value;
};

/** Whole numbers with a range, named in the message so an operator sees which variable is wrong. */
export function IntegerBetween(name: string, min: number, max: number): PropertyDecorator {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return applyDecorators(
    IsOptional(),
    Transform(integerOrOriginal),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

/** An on/off switch (see booleanOrOriginal), named in the message. */
export function TrueOrFalse(name: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(booleanOrOriginal),
    IsIn([true, false], { message: `${name} must be true or false` }),
  );
}

/**
 * The variables of `Variables` (a class-validator class, one property per variable) read from
 * `env`; empty values count as unset and other variables are ignored. Throws ConfigError naming
 * the first bad variable, in the order the class declares them.
 */
export function readEnvironment<T extends object>(
  Variables: new () => T,
  env: NodeJS.ProcessEnv,
): T {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const vars = plainToInstance(Variables, present);
  const [failure] = validateSync(vars, { whitelist: true });
  if (failure) {
    const message = Object.values(failure.constraints ?? {})[0];
    throw new ConfigError(
      `Invalid configuration: ${message} (got ${JSON.stringify(failure.value)})`,
    );
  }
  return vars;
}
