import { lazy, type Ref, Suspense } from "react";
import { paths } from "@/lib/site/paths";
import { AmountWarning } from "./amount-warning";
import type { ViewContext } from "./copy";
import { NextStepLink } from "./next-step-link";
import type { RunView } from "./read-run";
import styles from "./run-answer.module.css";

// react-markdown is the largest piece of the console: it loads when a run starts, not with the page.
export const loadAnswerMarkdown = () => import("./answer-markdown");
const AnswerMarkdown = lazy(() => loadAnswerMarkdown().then((module) => ({ default: module.AnswerMarkdown })));

type Props = { run: RunView; view: ViewContext; headingRef?: Ref<HTMLHeadingElement> };

/** The answer, the warning about amounts no tool returned, and the next step as a button. */
export function RunAnswer({ run, view, headingRef }: Props) {
  if (!run.answer) return null;
  const { copy, locale } = view;
  const amounts = run.done?.unverifiedAmounts ?? [];
  const calculatorHref = run.estimate
    ? paths.quote(locale, run.estimate.serviceId, run.estimate.extraIds)
    : paths.quote(locale);
  return (
    <section className={styles.answer} aria-labelledby="agent-answer-title" data-testid="agent-answer">
      <h2 id="agent-answer-title" tabIndex={-1} ref={headingRef}>
        {copy.answer}
      </h2>
      <Suspense fallback={<p className={styles.text}>{run.answer}</p>}>
        <AnswerMarkdown source={run.answer} />
      </Suspense>
      {amounts.length ? <AmountWarning amounts={amounts} calculatorHref={calculatorHref} copy={copy} /> : null}
      {/* Once the run is over (not after a stop), so the button doesn't move down while the answer streams. */}
      {run.nextStep && run.done ? (
        <p className="actions">
          <NextStepLink
            step={run.nextStep}
            copy={copy}
            className={run.nextStep.kind === "whatsapp" ? "button button--whatsapp" : "button"}
            testId="agent-next-step"
          />
        </p>
      ) : null}
    </section>
  );
}
