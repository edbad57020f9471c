import type { UIMessage } from "ai";
import type { DoneData, RunData } from "@/lib/lab/types";

/** The chat's messages: text, one `data-run` (its record's id) and one `data-done` at the end of each answer. */
export type ChatUIMessage = UIMessage<never, { done: DoneData; run: RunData }>;
