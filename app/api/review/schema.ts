import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { REVIEW_LANGUAGES, REVIEW_LIMITS } from "@/lib/review/limits";
import { withoutInvisible } from "@/lib/text/visible";

/**
 * `POST /api/review` (contract in DESIGN.md). The code is kept as pasted, lines and all (they are
 * numbered), except its invisible and format characters: measured and sent without them, so code
 * of zero-width spaces is empty.
 */
export const reviewRequestSchema = z.strictObject({
  code: z
    .string()
    .transform(withoutInvisible)
    .pipe(
      z
        .string()
        .max(REVIEW_LIMITS.maxCodeChars, `the code has more than ${REVIEW_LIMITS.maxCodeChars} characters`)
        .refine((code) => code.trim() !== "", "the code is empty"),
    ),
  /** Omitted (or "other"): detected from the code. */
  language: z.enum(REVIEW_LANGUAGES).optional(),
  locale: z.enum(LOCALES),
});
