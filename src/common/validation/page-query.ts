import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { InvalidInput } from '../errors/domain-errors';

/** A parameter given twice (`?page=1&page=2`) arrives as a list: said so, not "not an integer". */
export const givenOnce = ({ value, key }: TransformFnParams): unknown => {
  if (Array.isArray(value)) throw new InvalidInput(`${key} must be given once`);
  return value;
};

/** Query values arrive as text: only plain digits become numbers, anything else fails. */
const digitsToNumber = (params: TransformFnParams): unknown => {
  const value = givenOnce(params);
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
};

/** An integer query parameter from 1 to `max` (JSON can echo integers up to 2^53 - 1). */
function PositiveIntegerParameter(name: string, max: number, byDefault: number) {
  const rule = `${name} must be an integer between 1 and ${max}`;
  return applyDecorators(
    ApiProperty({ minimum: 1, maximum: max, default: byDefault, required: false, type: 'integer' }),
    IsOptional(),
    Transform(digitsToNumber),
    IsInt({ message: rule }),
    Min(1, { message: rule }),
    Max(max, { message: rule }),
  );
}

/** `page`: a page number from 1. */
export const PageNumber = () => PositiveIntegerParameter('page', Number.MAX_SAFE_INTEGER, 1);

/** `per_page`: items per page, from 1 to `max`. */
export const PerPage = (max: number, byDefault: number) =>
  PositiveIntegerParameter('per_page', max, byDefault);
