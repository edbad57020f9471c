"use client";

import { useId, useState } from "react";
import { Link } from "@/components/site/link";
import { contactPathWith, type LeadContext, quotePathWith } from "@/lib/contact/lead-context";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { formatMoney, formatMoneyRange } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";
import type { Selection, SelectionProblem } from "@/lib/quote/selection";
import { paths } from "@/lib/site/paths";
import styles from "./quote-calculator.module.css";

export type CalculatorService = {
  id: string;
  name: string;
  extras: { id: string; name: string; price: number; weeks: number }[];
};

type Props = {
  locale: Locale;
  copy: Dictionary["quote"];
  services: CalculatorService[];
  initial: Selection;
  problems: SelectionProblem[];
  /** The agent's run and the visitor's goal, when the agent sent them here: they go on to the form. */
  lead?: Pick<LeadContext, "goal" | "runId">;
};

export function QuoteCalculator({ locale, copy, services, initial, problems: initialProblems, lead = {} }: Props) {
  const [selection, setSelection] = useState<Selection>(initial);
  const [problems, setProblems] = useState(initialProblems);
  const serviceFieldId = useId();
  const service = services.find((s) => s.id === selection.serviceId);
  const estimate = service ? estimateQuote({ serviceId: service.id, extraIds: selection.extraIds }) : null;

  function update(next: Selection) {
    setSelection(next);
    setProblems([]);
    // The URL holds the state, so the link can be shared; replaceState keeps Next's router in sync.
    window.history.replaceState(
      null,
      "",
      quotePathWith(paths.quote(locale, next.serviceId ?? undefined, next.extraIds), lead),
    );
  }

  function toggleExtra(id: string, on: boolean) {
    const wanted = new Set(selection.extraIds);
    if (on) wanted.add(id);
    else wanted.delete(id);
    const ordered = service?.extras.map((extra) => extra.id).filter((extraId) => wanted.has(extraId)) ?? [];
    update({ serviceId: selection.serviceId, extraIds: ordered });
  }

  return (
    <div className={styles.calculator}>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        {problems.map((problem) => (
          <p key={`${problem.code}:${problem.id}`} className="notice notice--warning" role="alert">
            {(problem.code === "unknown_service" ? copy.unknownService : copy.unknownExtra).replace("{id}", problem.id)}
          </p>
        ))}
        <label htmlFor={serviceFieldId}>{copy.service}</label>
        <select
          id={serviceFieldId}
          name="service"
          value={selection.serviceId ?? ""}
          onChange={(event) => update({ serviceId: event.target.value || null, extraIds: [] })}
        >
          <option value="">{copy.chooseService}</option>
          {services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {service && (
          <fieldset>
            <legend>{copy.extras}</legend>
            {service.extras.length === 0 && <p className="muted">{copy.noExtras}</p>}
            {service.extras.map((extra) => (
              <label key={extra.id} className={styles.checkbox}>
                <input
                  type="checkbox"
                  name="extras"
                  value={extra.id}
                  checked={selection.extraIds.includes(extra.id)}
                  onChange={(event) => toggleExtra(extra.id, event.target.checked)}
                />
                <span>
                  {extra.name} <span className="muted">(+{formatMoney(extra.price, locale)})</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </form>

      <section className={styles.result} aria-labelledby="quote-result-title">
        <h2 id="quote-result-title">{copy.result}</h2>
        <div aria-live="polite">
          {estimate && service ? (
            <>
              <dl className="facts">
                <div>
                  <dt>{copy.priceRange}</dt>
                  <dd data-testid="quote-price">{formatMoneyRange(estimate.price, locale)}</dd>
                </div>
                <div>
                  <dt>{durationLabel(estimate, { weeks: copy.timeline, term: copy.term })}</dt>
                  <dd data-testid="quote-weeks">{formatDuration(estimate, locale)}</dd>
                </div>
              </dl>
              <h3>{copy.breakdown}</h3>
              <ul className={styles.breakdown}>
                {estimate.lines.map((line) => (
                  <li key={`${line.kind}:${line.id}`}>
                    <span>
                      {line.kind === "base"
                        ? `${copy.base}: ${service.name}`
                        : service.extras.find((e) => e.id === line.id)?.name}
                    </span>
                    <span>{formatMoneyRange(line.price, locale)}</span>
                  </li>
                ))}
              </ul>
              <p className="muted">{copy.disclaimer}</p>
              <p className="muted">{copy.share}</p>
              <Link
                className="button"
                // The selection's ids travel to the form; the lead's range is recomputed from them.
                href={contactPathWith(paths.contact(locale), {
                  source: "quote",
                  serviceId: estimate.serviceId,
                  extraIds: estimate.extraIds,
                  ...lead,
                })}
              >
                {copy.talk}
              </Link>
            </>
          ) : (
            <p className="muted">{copy.pickFirst}</p>
          )}
        </div>
      </section>
    </div>
  );
}
