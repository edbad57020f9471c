/**
 * A record's id: 128 random bits in base64url (22 characters), so it can't be guessed or
 * enumerated. It is the run's address (`?run=<id>`) and what a lead carries back to its run.
 */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Whether `value` has a run id's shape; anything else (a link, a form, a stored lead) is hostile. */
export function isRunId(value: unknown): value is string {
  return typeof value === "string" && RUN_ID_PATTERN.test(value);
}
