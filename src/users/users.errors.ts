import { Conflict, NotFound } from '../common/errors/domain-errors';

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
