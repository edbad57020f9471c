import { z } from "zod";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { LOCALES } from "@/lib/i18n/config";

/** `POST /api/agent` (contract in DESIGN.md). */
export const agentRequestSchema = z.strictObject({
  goal: z
    .string()
    .trim()
    .min(1, "the goal is empty")
    .max(GOAL_MAX_LENGTH, `the goal has more than ${GOAL_MAX_LENGTH} characters`),
  locale: z.enum(LOCALES),
});

export type AgentRequest = z.infer<typeof agentRequestSchema>;
