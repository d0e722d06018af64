import { NotFound } from '../../common/errors/domain-errors';

/** Not in the caller's trash: never deleted, someone else's, restored or purged already. */
export class NotInTrash extends NotFound {
  constructor() {
    super('document not found in your trash');
  }
}
