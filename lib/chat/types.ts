import type { UIMessage } from "ai";
import type { DoneData } from "@/lib/lab/types";

/** The chat's messages: text, and one `data-done` at the end of each answer (like the agent's). */
export type ChatUIMessage = UIMessage<never, { done: DoneData }>;
