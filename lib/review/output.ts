import type { UIMessage } from "ai";
import { z } from "zod";
import type { DoneData } from "@/lib/lab/types";
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
        line: z.number().int().min(1).describe("The line number shown before the code line"),
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

export type ReviewUIMessage = UIMessage<never, { review: ReviewData; done: DoneData }>;
