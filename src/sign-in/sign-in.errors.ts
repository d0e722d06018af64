import { Forbidden, InvalidInput, NotFound } from '../common/errors/domain-errors';

/** Sign-in is not configured: `/oauth/*` does not exist (404). */
export class SignInOff extends NotFound {
  constructor() {
    super('sign-in is not configured on this service (OIDC_ISSUER and the rest are unset)');
  }
}

/** The identity provider vouched for the person, and the service still refuses them (403). */
export class SignInRefused extends Forbidden {}

/** A request to `/oauth/*` that cannot be answered with a redirect to the client (400 JSON). */
export class BadOAuthRequest extends InvalidInput {}
