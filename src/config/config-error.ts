/** Raised when an environment variable has a value the service cannot use. */
export class ConfigError extends Error {}
