import { PipeTransform } from '@nestjs/common';
import { InvalidInput } from '../errors/domain-errors';

const LARGEST_ID = 2 ** 31 - 1;

/** Accepts a numeric id as the database issues them: a whole number from 1, digits only. */
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > LARGEST_ID) {
      throw new InvalidInput(`${this.name} must be a positive integer`);
    }
    return Number(value);
  }
}
