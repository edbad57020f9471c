import type { UIMessage } from "ai";
import { z } from "zod";
import type { DoneData, RunData } from "@/lib/lab/types";
import { REVIEW_LIMITS, type ReviewLanguage } from "./limits";

export const SEVERITIES = ["high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What the model must return: the AI SDK streams it as structured output and zod validates it. */
export const reviewOutputSchema = z.object({
  summary: z.string().max(300).describe("One sentence"),
  findings: z
    .array(
      z.object({
        severity: z.enum(SEVERITIES),
        // Any number here: one the code doesn't have (0, -3, 2.5, past the end) is nulled where
        // the review is shown (`reviewData` in run-review.ts), not a reason to throw the whole review away.
        line: z.number().describe("The line number shown before the code line (a whole number, 1 or more)"),
        title: z.string().max(120).describe("What is wrong"),
        why: z.string().max(400),
        fix: z.string().max(400).describe("The suggested change"),
      }),
    )
    .max(REVIEW_LIMITS.maxFindings),
});

export type ReviewOutput = z.infer<typeof reviewOutputSchema>;
/** A finding as the page shows it: `line` is null when the model named a line the code doesn't have. */
export type Finding = Omit<ReviewOutput["findings"][number], "line"> & { line: number | null };

/** `data-review`, sent as it streams (partial) and once more, validated, at the end (`final`). */
export type ReviewData = {
  language: ReviewLanguage;
  lines: number;
  summary: string;
  findings: Partial<Finding>[];
  final: boolean;
};

export type ReviewUIMessage = UIMessage<never, { review: ReviewData; done: DoneData; run: RunData }>;
