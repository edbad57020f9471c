import { formatCount } from "@/components/lab/copy";
import { ScrollRegion } from "@/components/site/scroll-region";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { localeTag } from "@/lib/i18n/format";
import { plural } from "@/lib/i18n/plural";
import { LAB_USE_KINDS } from "@/lib/lab-uses";
import type { SiteTotals } from "@/lib/quota/types";
import styles from "./lab.module.css";

type Props = { totals: SiteTotals; copy: Dictionary["usage"]; locale: Locale };

function neurons(value: number, locale: Locale): string {
  return value.toLocaleString(localeTag(locale), { maximumFractionDigits: 1 });
}

/** Today's Lab usage per kind of use, and the neurons against Workers AI's free allocation. */
export function UsageTable({ totals, copy, locale }: Props) {
  const count = (value: number) => formatCount(value, locale);
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
  return (
    <>
      <ScrollRegion label={copy.tableLabel} hint={copy.scrollHint}>
        <table className={styles.table} data-testid="usage-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{copy.kind}</span>
              </th>
              <th scope="col">{copy.uses}</th>
              <th scope="col">{copy.tokens}</th>
              <th scope="col">{copy.neurons}</th>
            </tr>
          </thead>
          <tbody>
            {LAB_USE_KINDS.map((kind) => {
              const row = totals.byKind[kind];
              return (
                <tr key={kind} data-testid={`usage-${kind}`}>
                  <th scope="row">{copy.kinds[kind]}</th>
                  <td data-testid={`usage-${kind}-runs`}>{count(row.runs)}</td>
                  <td>
                    {count(row.inputTokens)} · {count(row.outputTokens)}
                  </td>
                  <td>{neurons(row.neurons, locale)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{copy.total}</th>
              <td data-testid="usage-total-runs">{count(totals.runs)}</td>
              <td>
                {count(totals.inputTokens)} · {count(totals.outputTokens)}
              </td>
              <td>{neurons(totals.neurons, locale)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <div className={styles.meter}>
        <label htmlFor="usage-neurons">
          {fill(copy.neuronsOf, {
            used: neurons(totals.neurons, locale),
            allowance: count(totals.neuronAllowance),
          })}
        </label>
        <meter id="usage-neurons" min={0} max={totals.neuronAllowance} value={totals.neurons} />
      </div>
      <p data-testid="usage-units">
        {fill(copy.units, { used: count(totals.units.used), limit: count(totals.units.limit) })}
      </p>
      {totals.estimatedRuns > 0 ? (
        <p className="muted">{plural(copy.estimated, totals.estimatedRuns, locale)}</p>
      ) : null}
      <p className="muted">{copy.resets}</p>
    </>
  );
}
