import { LAB_USES } from "@/lib/lab-uses";

/** Limits of one review (contract in DESIGN.md: ≤ 6,000 characters, 1 unit a review). */
export const REVIEW_LIMITS = {
  maxCodeChars: 6000,
  /** A summary and up to 8 findings fit; a longer review is cut and says so. */
  maxOutputTokens: 700,
  maxFindings: 8,
} as const;
export const REVIEW_TIMEOUT_MS = 45_000;
export const REVIEW_TEMPERATURE = 0.2;
export const REVIEW_UNITS = LAB_USES.review.units;
/** 6,000 characters as JSON: room for multi-byte characters and escapes. */
export const REVIEW_MAX_BODY_BYTES = 40 * 1024;

export const REVIEW_LANGUAGES = [
  "javascript",
  "typescript",
  "python",
  "php",
  "sql",
  "html",
  "css",
  "go",
  "rust",
  "java",
  "other",
] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];
