import { PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { InvalidInput } from '../errors/domain-errors';

/**
 * Accepts a UUID in its canonical text form (any version), lower-cased for lookups. The
 * parameter is named `uuid` unless given (`new UuidPipe('id')`).
 */
export class UuidPipe implements PipeTransform<string, string> {
  constructor(private readonly name = 'uuid') {}

  transform(value: string): string {
    if (!isUUID(value, 'all')) throw new InvalidInput(`${this.name} must be a UUID`);
    return value.toLowerCase();
  }
}
