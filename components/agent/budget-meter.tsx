import { formatCount } from "@/components/lab/copy";
import { AGENT_LIMITS } from "@/lib/agent/limits";
import type { BudgetData, DoneData } from "@/lib/agent/types";
import { fill } from "@/lib/i18n/fill";
import { LAB_USES } from "@/lib/lab-uses";
import styles from "./budget-meter.module.css";
import type { ViewContext } from "./copy";
import type { RunView } from "./read-run";

type Props = {
  budget: BudgetData | null;
  done: DoneData | null;
  /** Calls the page saw start: `data-budget` comes only after a call ends, so a stop can beat it. */
  seen: RunView["seen"];
  /** From the response headers, before the first step. */
  model: string | null;
  unitsLeft: number | null;
  stopped: boolean;
  view: ViewContext;
};

/**
 * The run's limits as it moves: model calls of 5, tool calls of 6, tokens of 7,000, then why it
 * ended, which model answered and what it spent. Every row is there from the start (with a dash),
 * so nothing below moves when the values arrive.
 */
export function BudgetMeter({ budget, done, seen, model, unitsLeft, stopped, view }: Props) {
  const { copy, locale } = view;
  const m = copy.meter;
  const usage = done?.usage;
  const bars = [
    {
      id: "model-calls",
      label: m.modelCalls,
      value: done?.modelCalls ?? Math.max(budget?.modelCalls ?? 0, seen.modelCalls),
      max: AGENT_LIMITS.maxSteps,
    },
    {
      id: "tool-calls",
      label: m.toolCalls,
      value: done?.toolCalls ?? Math.max(budget?.toolCalls ?? 0, seen.toolCalls),
      max: AGENT_LIMITS.maxToolCalls,
    },
    {
      id: "tokens",
      label: m.tokens,
      value: usage ? usage.inputTokens + usage.outputTokens : (budget?.tokensUsed ?? 0),
      max: budget?.tokenBudget ?? AGENT_LIMITS.tokenBudget,
    },
  ];
  const answeredBy = done?.model ?? model;
  const reason = done ? m.reasons[done.reason] : stopped ? m.reasons.stopped : null;
  const count = (value: number) => formatCount(value, locale);

  return (
    <section className={styles.meter} aria-labelledby="agent-meter-title" data-testid="agent-meter">
      <h2 id="agent-meter-title">{m.title}</h2>
      <div className={styles.bars}>
        {bars.map((bar) => {
          const text = fill(m.of, { value: count(bar.value), max: count(bar.max) });
          return (
            <div key={bar.id} className={styles.bar} data-testid={`agent-meter-${bar.id}`}>
              <label htmlFor={`agent-meter-${bar.id}`}>{bar.label}</label>
              <span className={styles.value} data-testid="agent-meter-value">
                {text}
              </span>
              <meter
                id={`agent-meter-${bar.id}`}
                min={0}
                max={bar.max}
                value={Math.min(bar.value, bar.max)}
                aria-valuetext={text}
              >
                {text}
              </meter>
            </div>
          );
        })}
      </div>
      <dl className={styles.summary}>
        <div className={`${styles.row} ${styles.wide}`}>
          <dt>{m.reason}</dt>
          <dd data-testid="agent-meter-reason">{reason ?? m.pending}</dd>
        </div>
        <div className={`${styles.row} ${styles.wide} ${styles.model}`}>
          <dt>{m.model}</dt>
          <dd data-testid="agent-meter-model">
            {answeredBy === LAB_USES.agent.offlineModel ? (
              m.offline
            ) : answeredBy ? (
              <code>{answeredBy}</code>
            ) : (
              m.pending
            )}
          </dd>
        </div>
        <div className={`${styles.row} ${styles.wide} ${styles.usage}`}>
          <dt>{m.usage}</dt>
          <dd data-testid="agent-meter-usage">
            {usage
              ? `${fill(m.usageValue, { input: count(usage.inputTokens), output: count(usage.outputTokens) })}${usage.estimated ? ` ${m.estimated}` : ""}`
              : budget
                ? fill(stopped ? m.usageStopped : m.usageSoFar, { tokens: count(budget.tokensUsed) })
                : m.pending}
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{m.neurons}</dt>
          <dd data-testid="agent-meter-neurons">{usage ? count(usage.neurons) : m.pending}</dd>
        </div>
        <div className={styles.row}>
          <dt>{m.unitsLeft}</dt>
          <dd data-testid="agent-meter-units">{unitsLeft === null ? m.pending : count(unitsLeft)}</dd>
        </div>
      </dl>
    </section>
  );
}
