import { fill } from "@/lib/i18n/fill";
import type { ViewContext } from "../copy";
import type { UnknownToolPart } from "../read-run";
import { failureOf, parseRefusal, Refusal } from "./refusal";
import { pendingStatus, ToolCard } from "./tool-card";

/** A call to a tool the agent doesn't have: the route refuses it, and the page says so. */
export function UnknownToolView({ part, view }: { part: UnknownToolPart; view: ViewContext }) {
  const card = {
    tool: part.toolName,
    input: part.input,
    view,
    title: fill(view.copy.unknownTool, { name: part.toolName }),
  };
  switch (part.state) {
    case "input-streaming":
    case "input-available":
      return <ToolCard {...card} status={pendingStatus(part.state, view.active)} />;
    case "output-error":
      return (
        <ToolCard {...card} status="refused">
          <Refusal failure={parseRefusal(part.errorText)} view={view} />
        </ToolCard>
      );
    case "output-available":
      return (
        <ToolCard {...card} status="refused">
          <Refusal failure={failureOf(part.output) ?? { error: "unknown_tool", detail: "" }} view={view} />
        </ToolCard>
      );
    default:
      return null;
  }
}
