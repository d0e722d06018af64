import { NotFound } from '../../common/errors/domain-errors';

export class NotAUser extends NotFound {
  constructor(userId: number) {
    super(`user ${userId} is not a user of this document`);
  }
}

export class NotSharedWithGroup extends NotFound {
  constructor(groupId: number) {
    super(`the document is not shared with group ${groupId}`);
  }
}

export class FolderShareNotFound extends NotFound {
  constructor() {
    super('folder share not found');
  }
}
