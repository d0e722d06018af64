import { NotFound, Unauthenticated } from '../common/errors/domain-errors';

export class MissingToken extends Unauthenticated {
  constructor() {
    super('missing bearer token: send the header Authorization: Bearer <token>', false);
  }
}

export class InvalidToken extends Unauthenticated {
  constructor(reason = 'invalid bearer token') {
    super(reason, true);
  }
}

export class TokenNotFound extends NotFound {
  constructor() {
    super('no such token');
  }
}
