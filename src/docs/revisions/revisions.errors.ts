import { NotFound } from '../../common/errors/domain-errors';

/** A version never written, or no longer kept (`REVISIONS_KEEP`). */
export class RevisionNotKept extends NotFound {
  constructor(version: number) {
    super(`version ${version} of this document does not exist or is no longer kept`);
  }
}
