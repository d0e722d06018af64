import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { InvalidInput } from '../errors/domain-errors';
import { describeValidationErrors } from './describe-validation-errors';

/** Validates input that does not come through HTTP (the CLI) with the same DTO rules. */
export function validateInput<T extends object>(type: ClassConstructor<T>, plain: object): T {
  const instance = plainToInstance(type, plain);
  const errors = validateSync(instance, { whitelist: true });
  if (errors.length > 0) throw new InvalidInput(describeValidationErrors(errors));
  return instance;
}
