import { formatCount } from "@/components/lab/copy";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { languageName } from "@/lib/i18n/format";
import type { DoneData } from "@/lib/lab/types";
import { OFFLINE_MODELS } from "@/lib/lab-uses";
import { formatSeconds } from "@/lib/lab-view/format";
import type { Refused } from "@/lib/lab-view/refused";
import styles from "./lab-view.module.css";
import { verdictLabel } from "./verdict";

type Props = {
  done: DoneData | null;
  /** How it ended as the studio reads it (`factsOf`): the done reason, or an outcome such as `unpriced`. */
  outcome: string;
  durationMs: number;
  visitorLocale: string;
  refused: Refused[];
  locale: Locale;
  copy: Dictionary["labView"];
};

/** What the visitor didn't see: how it ended, the model, tokens, neurons, calls, refusals, time. */
export function RunFacts({ done, outcome, durationMs, visitorLocale, refused, locale, copy }: Props) {
  const r = copy.run;
  const count = (value: number) => formatCount(value, locale);
  const usage = done?.usage;
  const rows: [string, string, string][] = [
    ["verdict", r.verdict, verdictLabel(outcome, copy)],
    [
      "model",
      r.model,
      done ? (OFFLINE_MODELS.has(done.model) ? fill(r.offlineModel, { model: done.model }) : done.model) : "—",
    ],
    [
      "tokens",
      r.tokens,
      usage
        ? `${fill(r.tokensValue, { input: count(usage.inputTokens), output: count(usage.outputTokens), cached: count(usage.cachedInputTokens ?? 0) })}${usage.estimated ? ` ${r.estimated}` : ""}`
        : "—",
    ],
    ["neurons", r.neurons, usage ? count(usage.neurons) : "—"],
    [
      "calls",
      r.calls,
      done ? fill(r.callsValue, { model: count(done.modelCalls), tools: count(done.toolCalls) }) : "—",
    ],
    ["duration", r.duration, formatSeconds(durationMs, locale)],
    ["language", r.language, languageName(visitorLocale, locale)],
  ];
  return (
    <section aria-labelledby="lab-unseen-title" className={styles.unseen} data-testid="lab-run-facts">
      <h2 id="lab-unseen-title">{r.unseen}</h2>
      <dl className={styles.factList}>
        {rows.map(([key, label, value]) => (
          <div key={key} data-testid={`lab-run-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div data-testid="lab-run-refused">
          <dt>{r.refused}</dt>
          <dd>
            {refused.length === 0 ? (
              r.none
            ) : (
              <ul className={styles.refused}>
                {refused.map((call) => (
                  <li key={call.id}>
                    <code>{call.tool}</code> {call.error}
                    {call.detail ? <span className="muted"> · {call.detail}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
