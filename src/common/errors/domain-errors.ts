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

/** The thing asked for does not exist for this user (HTTP 404). */
export class NotFound extends DomainError {}

/** The request clashes with what is already stored (HTTP 409). */
export class Conflict extends DomainError {}

/** A dependency such as the database does not answer (HTTP 503); retry after a while. */
export class ServiceUnavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}
