import type { Ref } from "react";
import { AmountWarning } from "@/components/lab/amount-warning";
import type { AnswerMarkdown } from "@/components/lab/answer-markdown";
import { paths } from "@/lib/site/paths";
import type { ViewContext } from "./copy";
import { NextStepLink } from "./next-step-link";
import type { RunView } from "./read-run";
import styles from "./run-answer.module.css";

// react-markdown is the largest piece of the console: it loads when a run starts, not with the page.
export const loadAnswerMarkdown = () =>
  typeof window === "undefined"
    ? Promise.reject(new Error("the answer's Markdown renders in the browser"))
    : import("@/components/lab/answer-markdown").then((module) => module.AnswerMarkdown);
export type AnswerRenderer = typeof AnswerMarkdown;

type Props = {
  run: RunView;
  view: ViewContext;
  /** The Markdown renderer, once loaded. The answer waits for it: shown before, it would flash raw `**`. */
  Markdown: AnswerRenderer | null;
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The answer, the warning about amounts no tool returned, and the next step as a button. */
export function RunAnswer({ run, view, Markdown, headingRef }: Props) {
  if (!run.answer || !Markdown) return null;
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
      {/* The next step's link is the button below: in the text it stays words, so it is offered once. */}
      <Markdown source={run.answer} plainHref={run.nextStep && run.done ? run.nextStep.path : undefined} />
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
