import { formatCount } from "@/components/lab/copy";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import { formatPercent } from "@/lib/lab-view/format";
import { neuronShare, type DayTotals as Totals } from "@/lib/lab-view/totals";
import { WORKERS_AI_FREE_NEURONS_PER_DAY } from "@/lib/quota/quota";
import styles from "./lab-view.module.css";
import { kindLabel, verdictLabel } from "./verdict";

type Props = { totals: Totals; notKept: number; locale: Locale; copy: Dictionary["labView"] };

/** The day at a glance: uses by kind and verdict, neurons against the free day, messages. */
export function DayTotals({ totals, notKept, locale, copy }: Props) {
  const count = (value: number) => formatCount(value, locale);
  const t = copy.totals;
  const breakdown = (map: Map<string, number>, label: (key: string) => string) =>
    [...map].map(([key, value]) => `${label(key)} ${count(value)}`).join(" · ") || "—";
  return (
    <section aria-labelledby="lab-totals-title" className={styles.totals} data-testid="lab-totals">
      <h2 id="lab-totals-title">{t.title}</h2>
      <dl className={styles.totalsList}>
        <div>
          <dt>{t.uses}</dt>
          <dd data-testid="lab-totals-uses">{count(totals.uses + notKept)}</dd>
        </div>
        <div>
          <dt>{t.neurons}</dt>
          <dd data-testid="lab-totals-neurons">
            {fill(t.neuronsValue, {
              neurons: count(totals.neurons),
              free: count(WORKERS_AI_FREE_NEURONS_PER_DAY),
              share: formatPercent(neuronShare(totals.neurons, WORKERS_AI_FREE_NEURONS_PER_DAY), locale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t.messages}</dt>
          <dd data-testid="lab-totals-messages">{count(totals.messages)}</dd>
        </div>
        <div>
          <dt>{t.flagged}</dt>
          <dd>{count(totals.flagged)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t.byKind}</dt>
          <dd data-testid="lab-totals-kinds">{breakdown(totals.kinds, (kind) => kindLabel(kind, copy))}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t.verdicts}</dt>
          <dd>{breakdown(totals.verdicts, (reason) => verdictLabel(reason, copy))}</dd>
        </div>
      </dl>
      {notKept > 0 ? <p className="muted">{plural(t.notKept, notKept, locale)}</p> : null}
    </section>
  );
}
