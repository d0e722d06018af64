import { Injectable } from '@nestjs/common';

/**
 * Wall-clock time that never repeats or goes back within this process, so a document's
 * `updated_at` always moves forward, even for two writes in the same millisecond.
 */
@Injectable()
export class Clock {
  private last = 0;

  now(): Date {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}
