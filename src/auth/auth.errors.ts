import { TokenScope } from '../common/decorators/required-scope.decorator';
import { Forbidden, NotFound, Unauthenticated } from '../common/errors/domain-errors';

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

const ACTIONS: Record<TokenScope, string> = {
  'docs:read': 'reading',
  'docs:write': 'writing',
  'tokens:write': 'managing tokens',
  admin: 'an admin route',
};

/** The token is valid but its scopes do not cover the request (403, RFC 6750 §3.1). */
export class InsufficientScope extends Forbidden {
  constructor(needed: TokenScope, held: readonly TokenScope[]) {
    const action = ACTIONS[needed];
    super(
      `insufficient scope: ${action} needs a token with ${needed}; ` +
        `this token has ${held.length > 0 ? held.join(', ') : 'no scope'}`,
      needed,
    );
  }
}
