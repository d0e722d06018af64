/**
 * Errors a service raises when a rule is broken. They know nothing of HTTP: the exception
 * filter decides the status. Features extend these (e.g. `DocumentNotFound`).
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request is well-formed but breaks a rule about its content (HTTP 400). */
export class InvalidInput extends DomainError {}

/** No credentials, or credentials that are not accepted (HTTP 401). */
export class Unauthenticated extends DomainError {
  /** Whether credentials were offered; RFC 6750 then wants `error="invalid_token"`. */
  constructor(
    message: string,
    readonly credentialsOffered: boolean,
  ) {
    super(message);
  }
}

/**
 * The caller is known but may not do this: the token's scope, or their role on the thing,
 * does not allow it (HTTP 403).
 */
export class Forbidden extends DomainError {
  /** When the token's scope is what is missing, that scope (RFC 6750 `insufficient_scope`). */
  constructor(
    message: string,
    readonly missingScope?: string,
  ) {
    super(message);
  }
}

/** The thing asked for does not exist for this user (HTTP 404). */
export class NotFound extends DomainError {}

/**
 * The request clashes with what is already stored or still running (HTTP 409); with
 * `retryAfterSeconds` when trying again later can succeed (the `Retry-After` header).
 */
export class Conflict extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The request is valid but cannot be carried out as it stands (HTTP 422). */
export class Unprocessable extends DomainError {}

/**
 * The request was made against a version of the thing that is no longer current (HTTP 412);
 * the current version goes back to the client so it can fetch and retry.
 */
export class PreconditionFailed extends DomainError {
  constructor(
    message: string,
    readonly currentVersion: number,
  ) {
    super(message);
  }
}

/** A dependency such as the database does not answer (HTTP 503); retry after a while. */
export class ServiceUnavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}
