/**
 * The quota store could not be reached, timed out or answered something unexpected. The route
 * answers 503 `quota_unavailable` and calls no model: without a working quota nothing is spent.
 */
export class QuotaUnavailableError extends Error {
  readonly code = "quota_unavailable" as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "QuotaUnavailableError";
  }
}

/** A quota setting is missing or invalid. Thrown when the quota is built, so a bad deploy fails loudly. */
export class QuotaConfigError extends Error {
  readonly code = "quota_config" as const;

  constructor(message: string) {
    super(message);
    this.name = "QuotaConfigError";
  }
}
