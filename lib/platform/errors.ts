/**
 * The deployment's store (the quota's, the records', the contact form's) could not be reached, timed out or answered something unexpected. The route
 * answers 503 `quota_unavailable` and calls no model: without a working quota nothing is spent.
 */
export class QuotaUnavailableError extends Error {
  readonly code = "quota_unavailable" as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "QuotaUnavailableError";
  }
}

/**
 * A platform or quota setting (database, salt, trusted IP header, limits) is missing or invalid.
 * Thrown when the platform or the quota is built, so a bad deploy fails loudly.
 */
export class QuotaConfigError extends Error {
  readonly code = "quota_config" as const;

  constructor(message: string) {
    super(message);
    this.name = "QuotaConfigError";
  }
}

/** A setting that is present but unusable; the message names it and what it takes. */
export class ConfigError extends Error {
  readonly code = "config_error" as const;

  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
