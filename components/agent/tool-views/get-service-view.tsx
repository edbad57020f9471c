import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { formatMoney, formatMoneyRange } from "@/lib/i18n/format";
import { ToolCard, type ToolViewProps } from "./tool-card";
import { ToolStateCard } from "./tool-state-card";
import styles from "./tool-views.module.css";

/** get_service: the service id, then what it includes, its range and weeks, and its extras. */
export function GetServiceView({ part, view }: ToolViewProps<"get_service">) {
  const { copy, locale } = view;
  const labels = copy.tools.get_service;
  const card = { tool: "get_service", input: part.input, view };
  if (part.state !== "output-available" || !part.output.ok) {
    return <ToolStateCard tool="get_service" part={part} view={view} />;
  }
  const output = part.output;
  const { service } = output;
  return (
    <ToolCard {...card} title={labels.done} status="done">
      <p className={styles.summary}>
        <strong>{service.name}</strong> · {service.summary}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{copy.results.price}</dt>
          <dd>{formatMoneyRange(service.price, locale)}</dd>
        </div>
        <div>
          <dt>{durationLabel(service, copy.results)}</dt>
          <dd>{formatDuration(service, locale)}</dd>
        </div>
      </dl>
      <div className={styles.lists}>
        <div>
          <h4>{copy.results.includes}</h4>
          <ul>
            {service.includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4>{copy.results.extras}</h4>
          {service.extras.length ? (
            <ul>
              {service.extras.map((extra) => (
                <li key={extra.id}>
                  {extra.name} <span className="muted">(+{formatMoney(extra.price, locale)})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{copy.results.noExtras}</p>
          )}
        </div>
      </div>
    </ToolCard>
  );
}
