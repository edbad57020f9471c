import { NextStepLink } from "../next-step-link";
import { failureOf, parseRefusal, Refusal } from "./refusal";
import { pendingStatus, ToolCard, type ToolViewProps } from "./tool-card";

/** suggest_next_step: what kind of step, then its link (the answer repeats it as a button). */
export function SuggestNextStepView({ part, view }: ToolViewProps<"suggest_next_step">) {
  const labels = view.copy.tools.suggest_next_step;
  const card = { tool: "suggest_next_step", input: part.input, view };
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
    case "output-available": {
      const output = part.output;
      if (!output.ok) {
        return (
          <ToolCard {...card} title={labels.name} status="refused">
            <Refusal failure={failureOf(output) ?? { error: "failed", detail: "" }} view={view} />
          </ToolCard>
        );
      }
      return (
        <ToolCard {...card} title={labels.done} status="done">
          <p className="agent-tool__summary">
            {view.copy.results.nextStep}: <NextStepLink step={output} copy={view.copy} />
          </p>
        </ToolCard>
      );
    }
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
