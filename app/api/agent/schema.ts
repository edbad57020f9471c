import { z } from "zod";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { LOCALES } from "@/lib/i18n/config";
import { visibleText } from "@/lib/text/visible";

/**
 * `POST /api/agent` (contract in DESIGN.md). The goal is measured, and reaches the model, without
 * its invisible and format characters: a goal of zero-width spaces is empty.
 */
export const agentRequestSchema = z.strictObject({
  goal: z
    .string()
    .transform(visibleText)
    .pipe(
      z
        .string()
        .min(1, "the goal is empty")
        .max(GOAL_MAX_LENGTH, `the goal has more than ${GOAL_MAX_LENGTH} characters`),
    ),
  locale: z.enum(LOCALES),
});
