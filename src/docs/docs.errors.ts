import { NotFound } from '../common/errors/domain-errors';

export class DocumentNotFound extends NotFound {
  constructor() {
    super('document not found');
  }
}
