import { PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { InvalidInput } from '../errors/domain-errors';

/** Accepts a UUID in its canonical text form (any version), lower-cased for lookups. */
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUUID(value, 'all')) throw new InvalidInput('uuid must be a UUID');
    return value.toLowerCase();
  }
}
