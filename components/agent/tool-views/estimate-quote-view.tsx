import { formatCopRange, formatWeeks } from "@/lib/i18n/format";
import { failureOf, parseRefusal, Refusal } from "./refusal";
import { pendingStatus, ToolCard, type ToolViewProps } from "./tool-card";

/** estimate_quote: the service and extras, then the calculator's range and weeks. */
export function EstimateQuoteView({ part, view }: ToolViewProps<"estimate_quote">) {
  const { copy, locale, names } = view;
  const labels = copy.tools.estimate_quote;
  const card = { tool: "estimate_quote", input: part.input, view };
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
      const service = names[output.serviceId];
      const extras = output.extraIds.map((id) => service?.extras[id] ?? id);
      return (
        <ToolCard {...card} title={labels.done} status="done">
          <dl className="agent-facts">
            <div>
              <dt>{copy.results.price}</dt>
              <dd data-testid="agent-estimate-price">{formatCopRange(output.price, locale)}</dd>
            </div>
            <div>
              <dt>{copy.results.weeks}</dt>
              <dd data-testid="agent-estimate-weeks">{formatWeeks(output.weeks, locale)}</dd>
            </div>
          </dl>
          <p className="agent-tool__summary muted">
            {copy.results.for}: {service?.name ?? output.serviceId}
            {extras.length ? ` + ${extras.join(", ")}` : ` (${copy.results.base})`}
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
