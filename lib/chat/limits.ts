/** Limits of one chat message (contract in DESIGN.md: 1 unit a message). */
export const CHAT_LIMITS = {
  /** Messages a request may carry (the browser keeps the conversation). */
  maxMessages: 40,
  /** Characters of one message's text. */
  maxMessageChars: 1000,
  /** Tokens of conversation sent to the model, oldest turns dropped first; the system prompt is extra. */
  historyTokens: 1500,
  /** Output tokens of one answer, the agent's per-call cap. */
  maxOutputTokens: 350,
} as const;
export const CHAT_TIMEOUT_MS = 30_000;
export const CHAT_TEMPERATURE = 0.3;
export const CHAT_MESSAGE_UNITS = 1;
/** A conversation's JSON: 40 messages of 1,000 characters, with room for the transport's fields. */
export const CHAT_MAX_BODY_BYTES = 64 * 1024;
