import { urlencoded, type Request, type Response } from 'express';
import { OAuthTokenError } from '../errors/oauth-errors';

/** A form is small: OAuth's token and revocation requests are a few hundred bytes. */
const FORM_LIMIT = '16kb';

const parseForm = urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 });

/**
 * The body of an OAuth 2 request (`application/x-www-form-urlencoded`, RFC 6749 §3.2) as
 * fields; a parameter given twice is a list, which the endpoints refuse. Anything else is
 * `invalid_request`.
 */
export function readForm(request: Request, response: Response): Promise<Record<string, unknown>> {
  if (!request.is('application/x-www-form-urlencoded')) {
    return Promise.reject(
      new OAuthTokenError(
        'invalid_request',
        'send the parameters as application/x-www-form-urlencoded',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    parseForm(request, response, (error?: unknown) => {
      if (error) {
        reject(new OAuthTokenError('invalid_request', 'the form body could not be read'));
        return;
      }
      resolve((request.body ?? {}) as Record<string, unknown>);
    });
  });
}
