import {
  Forbidden,
  NotFound,
  PreconditionFailed,
  ServiceUnavailable,
} from '../../common/errors/domain-errors';
import { deniedMessage, DocAction, type Role } from '../access/doc-access';

/** No such document, or the caller is not one of its users: the two look the same. */
export class DocumentNotFound extends NotFound {
  constructor() {
    super('document not found');
  }
}

export class RoleForbids extends Forbidden {
  constructor(role: Role, action: DocAction) {
    super(deniedMessage(role, action));
  }
}

export class VersionMismatch extends PreconditionFailed {
  /** `weakTagsOnly`: the If-Match header held only weak tags, which never match. */
  constructor(currentVersion: number, weakTagsOnly: boolean) {
    super(
      weakTagsOnly
        ? `If-Match compares strongly, so weak tags (W/"...") never match: send the ETag as given; the current version is ${currentVersion} (ETag "${currentVersion}")`
        : `the document has changed: its current version is ${currentVersion} (ETag "${currentVersion}"); fetch it and apply your change again`,
      currentVersion,
    );
  }
}

/** Who may change the document kept changing while a write was tried; the client may retry. */
export class DocumentBusy extends ServiceUnavailable {
  constructor() {
    super('the document changed while it was being written; try again');
  }
}
