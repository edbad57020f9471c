import type { AgentToolName } from "@/lib/agent/tools";
import type { ViewContext } from "../copy";
import type { AgentToolPart } from "../read-run";
import { failureOf, parseRefusal, Refusal } from "./refusal";
import { pendingStatus, ToolCard } from "./tool-card";

/**
 * Every state of a tool call but its successful result, the same for all four tools: the call
 * still arriving or running, refused before it ran (bad arguments), or answered with a failure
 * (`{ ok: false }`: past the tool limit, an unknown id). Each tool's view renders only its result.
 */
export function ToolStateCard({ tool, part, view }: { tool: AgentToolName; part: AgentToolPart; view: ViewContext }) {
  const labels = view.copy.tools[tool];
  const card = { tool, input: part.input, view };
  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return (
        <ToolCard
          {...card}
          title={view.active ? labels.active : labels.name}
          status={pendingStatus(part.state, view.active)}
        />
      );
    case "output-available":
      return (
        <ToolCard {...card} title={labels.name} status="refused">
          <Refusal failure={failureOf(part.output) ?? { error: "failed", detail: "" }} view={view} />
        </ToolCard>
      );
    case "output-error":
      return (
        <ToolCard {...card} title={labels.name} status="refused">
          <Refusal failure={parseRefusal(part.errorText)} view={view} />
        </ToolCard>
      );
    default:
      return null;
  }
}
