import { Conflict, Unprocessable } from '../common/errors/domain-errors';

/** Another request with the same key holds it and may still be running (HTTP 409). */
export class IdempotencyKeyInUse extends Conflict {
  constructor(retryAfterSeconds: number) {
    super(
      `a request with this Idempotency-Key is still in progress; retry in ${retryAfterSeconds} s`,
      retryAfterSeconds,
    );
  }
}

/** The key was first used with a different request (HTTP 422). */
export class IdempotencyKeyReused extends Unprocessable {
  constructor() {
    super('this Idempotency-Key was already used with a different request body');
  }
}
