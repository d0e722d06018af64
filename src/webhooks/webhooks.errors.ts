import { NotFound } from '../common/errors/domain-errors';

export class WebhookNotFound extends NotFound {
  constructor() {
    super('webhook not found');
  }
}
