import type { ComponentType } from "react";
import type { AgentToolName } from "@/lib/agent/tools";
import type { ViewContext } from "../copy";
import type { AgentToolPart, UnknownToolPart } from "../read-run";
import { EstimateQuoteView } from "./estimate-quote-view";
import { GetServiceView } from "./get-service-view";
import { SearchSiteView } from "./search-site-view";
import { SuggestNextStepView } from "./suggest-next-step-view";
import type { ToolViewProps } from "./tool-card";
import { UnknownToolView } from "./unknown-tool-view";

/** One view per tool, by part type: a new tool adds a line here and a file beside it. */
const TOOL_VIEWS: { [N in AgentToolName as `tool-${N}`]: ComponentType<ToolViewProps<N>> } = {
  "tool-search_site": SearchSiteView,
  "tool-get_service": GetServiceView,
  "tool-estimate_quote": EstimateQuoteView,
  "tool-suggest_next_step": SuggestNextStepView,
};

export function ToolStep({ part, view }: { part: AgentToolPart | UnknownToolPart; view: ViewContext }) {
  if (part.type === "dynamic-tool") return <UnknownToolView part={part} view={view} />;
  // The map is keyed by part type, so this view takes this part; TypeScript can't follow the pairing.
  const View = TOOL_VIEWS[part.type] as ComponentType<{ part: typeof part; view: ViewContext }>;
  return <View part={part} view={view} />;
}
