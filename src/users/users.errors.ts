import { Conflict, InvalidInput, NotFound } from '../common/errors/domain-errors';

export class DuplicateEmail extends Conflict {
  constructor(email: string) {
    super(`a user with e-mail ${email} already exists`);
  }
}

export class UserNotFound extends NotFound {
  constructor(email: string) {
    super(`no user with e-mail ${email}`);
  }
}

export class UserIdNotFound extends NotFound {
  constructor() {
    super('no such user');
  }
}

/** An admin may not lock themselves out: another admin must demote or deactivate them (400). */
export class OwnAccountLockout extends InvalidInput {
  constructor(change: 'demote' | 'deactivate') {
    super(`you cannot ${change} yourself: ask another admin`);
  }
}
