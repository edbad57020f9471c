import type { StepResult, ToolSet } from "ai";
import { type AgentToolName, TOOL_NAMES } from "./tools";

/**
 * The tools a run's next call is offered, from what its earlier calls already got. Every call
 * re-sends the schemas of the tools it offers (~100 tokens each), so a call is offered only what
 * can still move the run on: once a service is read, the search is behind it; once the price is
 * in, only the next step is left; with both, the model answers. The order a model takes is its
 * own (it may skip the search, or suggest the step first); only tools that already did their
 * part are left out.
 */
export function nextTools(steps: readonly StepResult<ToolSet>[]): AgentToolName[] {
  const done = new Set<string>();
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output as { ok?: unknown } | null;
      if (output && typeof output === "object" && output.ok === true) done.add(part.toolName);
    }
  }
  if (done.has("estimate_quote")) return done.has("suggest_next_step") ? [] : ["suggest_next_step"];
  if (done.has("get_service")) return TOOL_NAMES.filter((name) => name !== "search_site");
  return [...TOOL_NAMES];
}
