import { TokenScope } from '../common/decorators/required-scope.decorator';
import { Forbidden, InvalidInput, NotFound, Unauthenticated } from '../common/errors/domain-errors';

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

/**
 * A token asked for a scope the token making it does not hold (403 `insufficient_scope`): a
 * token never gives more than it has.
 */
export class ScopeBeyondMaker extends Forbidden {
  constructor(scope: TokenScope, held: readonly TokenScope[]) {
    super(
      `insufficient scope: a new token may have only the scopes of the token making it ` +
        `(${held.length > 0 ? held.join(', ') : 'none'}); ${scope} is not among them` +
        (scope === 'admin' ? ', or you are not an admin' : ''),
      scope,
    );
  }
}

/** A token made through the API may not live longer than the one that made it (403). */
export class TokenOutlivesMaker extends Forbidden {
  constructor(makerExpiry: Date) {
    super(
      `a token made with a token from POST /tokens may not outlive it: this token expires ` +
        `${makerExpiry.toISOString()}; ask for fewer days`,
    );
  }
}

/** A user holds as many active tokens as they may (400). */
export class TooManyTokens extends InvalidInput {
  constructor(limit: number) {
    super(`you have ${limit} active tokens, the most a user may have: revoke one first`);
  }
}

/** A token with scope `admin` whose user is no longer an admin (403). */
export class NotAnAdmin extends Forbidden {
  constructor() {
    super('an admin route needs an admin: you are a member');
  }
}
