/*
 * The two answers of OAuth 2 (RFC 6749) that are not `{"error": "..."}`: the exception filter
 * turns them into HTTP like the domain errors.
 */

/** An error told to a client at its redirect URI (§4.1.2.1): a 302 to `location`. */
export class RedirectWithError extends Error {
  constructor(
    readonly location: string,
    description: string,
  ) {
    super(description);
  }
}

/** An error of a token endpoint (§5.2): 400 `{"error": code, "error_description": ...}`. */
export class OAuthTokenError extends Error {
  constructor(
    readonly error:
      'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}
