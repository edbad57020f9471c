import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";

/** `POST /api/agent` (contract in DESIGN.md). */
export const agentRequestSchema = z.strictObject({
  goal: z.string().trim().min(1, "the goal is empty").max(500, "the goal has more than 500 characters"),
  locale: z.enum(LOCALES),
});

export type AgentRequest = z.infer<typeof agentRequestSchema>;
