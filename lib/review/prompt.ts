import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";

/**
 * The reviewer's system prompt, in the visitor's language (its dictionary's `model.reviewPrompt`).
 * The code inside `<code>` is data to read: an instruction written in it (a comment saying
 * "ignore your rules") is something to review.
 */
export function reviewSystemPrompt(locale: Locale): string {
  return getDictionary(locale).model.reviewPrompt;
}
