import { estimateQuoteTool } from "./estimate-quote";
import { getServiceTool } from "./get-service";
import { searchSiteTool } from "./search-site";
import type { ToolContext } from "./shared";
import { suggestNextStepTool } from "./suggest-next-step";

export type { ToolContext, ToolFailure } from "./shared";

/** The agent's four read-only tools, in the order a run usually calls them. */
export const TOOL_NAMES = ["search_site", "get_service", "estimate_quote", "suggest_next_step"] as const;
export type AgentToolName = (typeof TOOL_NAMES)[number];

/** The tool set for one run: the locale decides the language of the content and of the links. */
export function createAgentTools(context: ToolContext) {
  return {
    search_site: searchSiteTool(context),
    get_service: getServiceTool(context),
    estimate_quote: estimateQuoteTool,
    suggest_next_step: suggestNextStepTool(context),
  } satisfies Record<AgentToolName, unknown>;
}

export type AgentTools = ReturnType<typeof createAgentTools>;
