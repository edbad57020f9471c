import { AGENT_RUN_UNITS } from "@/lib/agent/limits";
import { CHAT_MESSAGE_UNITS } from "@/lib/chat/limits";
import { REVIEW_UNITS } from "@/lib/review/limits";

/** What each Lab use costs, in units of the shared daily quota (the Lab index shows them). */
export const LAB_UNIT_COSTS = { agent: AGENT_RUN_UNITS, chat: CHAT_MESSAGE_UNITS, review: REVIEW_UNITS } as const;
