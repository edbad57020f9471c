import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { formatMoneyRange } from "@/lib/i18n/format";
import { ToolCard, type ToolViewProps } from "./tool-card";
import { ToolStateCard } from "./tool-state-card";
import styles from "./tool-views.module.css";

/** estimate_quote: the service and extras, then the calculator's range and weeks. */
export function EstimateQuoteView({ part, view }: ToolViewProps<"estimate_quote">) {
  const { copy, locale, names } = view;
  const labels = copy.tools.estimate_quote;
  const card = { tool: "estimate_quote", input: part.input, view };
  if (part.state !== "output-available" || !part.output.ok) {
    return <ToolStateCard tool="estimate_quote" part={part} view={view} />;
  }
  const output = part.output;
  const service = names[output.serviceId];
  const extras = output.extraIds.map((id) => service?.extras[id] ?? id);
  // A run recorded before results carried a plan's term still reads it from the page's names.
  const duration = { weeks: output.weeks, term: output.term ?? service?.term };
  return (
    <ToolCard {...card} title={labels.done} status="done">
      <dl className={styles.facts}>
        <div>
          <dt>{copy.results.price}</dt>
          <dd data-testid="agent-estimate-price">{formatMoneyRange(output.price, locale)}</dd>
        </div>
        <div>
          <dt>{durationLabel(duration, copy.results)}</dt>
          <dd data-testid="agent-estimate-weeks">{formatDuration(duration, locale)}</dd>
        </div>
      </dl>
      <p className={`${styles.summary} muted`}>
        {copy.results.for}: {service?.name ?? output.serviceId}
        {extras.length ? ` + ${extras.join(", ")}` : ` (${copy.results.base})`}
      </p>
    </ToolCard>
  );
}
