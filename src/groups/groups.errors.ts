import { Conflict, Forbidden, InvalidInput, NotFound } from '../common/errors/domain-errors';
import type { GroupRole } from './group-roles';

/** No such group, or the caller is not in it: the two look the same. */
export class GroupNotFound extends NotFound {
  constructor() {
    super('group not found');
  }
}

export class GroupNameTaken extends Conflict {
  constructor(name: string) {
    super(`a group named "${name}" already exists (names are unique ignoring letter case)`);
  }
}

export class ManagersOnly extends Forbidden {
  constructor(role: GroupRole) {
    super(`only a manager may change this group or its members; you are a ${role}`);
  }
}

export class NotAGroupMember extends NotFound {
  constructor(userId: number) {
    super(`user ${userId} is not a member of this group`);
  }
}

export class LastManager extends InvalidInput {
  constructor() {
    super('a group needs a manager: make another member a manager first, or delete the group');
  }
}

export class NoGroupNamed extends NotFound {
  constructor(name: string) {
    super(`no group named "${name}"`);
  }
}

/** The members of a provider-managed group change only at its members' sign-ins (409). */
export class ProviderManagedGroup extends Conflict {
  constructor(name: string) {
    super(
      `the members of "${name}" are managed by the identity provider: they change only when they sign in`,
    );
  }
}
