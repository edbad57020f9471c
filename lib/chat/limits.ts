import { LAB_USES } from "@/lib/lab-uses";

/** Limits of one chat message (contract in DESIGN.md: 1 unit a message). */
export const CHAT_LIMITS = {
  /** Messages a request may carry (the browser keeps the conversation). */
  maxMessages: 40,
  /** Characters of one visitor's message. */
  maxMessageChars: 1000,
  /** Characters of one earlier answer sent back as history (350 tokens of prose fit). */
  maxAnswerChars: 2500,
  /** Tokens of conversation sent to the model, oldest turns dropped first; the system prompt is extra. */
  historyTokens: 1500,
  /** Output tokens of one answer, the agent's per-call cap. */
  maxOutputTokens: 350,
} as const;
export const CHAT_TIMEOUT_MS = 30_000;
export const CHAT_TEMPERATURE = 0.3;
export const CHAT_MESSAGE_UNITS = LAB_USES.chat.units;
/** A conversation's JSON at its limits (20 questions and 20 answers), with room for multi-byte text. */
export const CHAT_MAX_BODY_BYTES = 160 * 1024;
