import { ToolCard, type ToolViewProps } from "./tool-card";
import { ToolStateCard } from "./tool-state-card";
import styles from "./tool-views.module.css";

/** suggest_next_step: what kind of step, in words; its one link is the button under the answer. */
export function SuggestNextStepView({ part, view }: ToolViewProps<"suggest_next_step">) {
  const labels = view.copy.tools.suggest_next_step;
  const card = { tool: "suggest_next_step", input: part.input, view };
  if (part.state !== "output-available" || !part.output.ok) {
    return <ToolStateCard tool="suggest_next_step" part={part} view={view} />;
  }
  const output = part.output;
  return (
    <ToolCard {...card} title={labels.done} status="done">
      <p className={styles.summary}>
        {view.copy.results.nextStep}: {view.copy.stepKinds[output.kind]}
      </p>
    </ToolCard>
  );
}
