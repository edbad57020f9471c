import type { Ref } from "react";
import { problemMessage, type RunProblem } from "@/components/lab/run-problems";
import { AGENT_RUN_UNITS } from "@/lib/agent/limits";
import { fill } from "@/lib/i18n/fill";
import type { ViewContext } from "./copy";
import styles from "./run-notice.module.css";

type Props = {
  problem: RunProblem | null;
  stopped: boolean;
  onRetry: () => void;
  view: ViewContext;
  noticeRef?: Ref<HTMLDivElement>;
};

const RETRYABLE = new Set<RunProblem["kind"]>(["network", "unavailable", "model", "unknown"]);

/** Why the run stopped early, in plain words; a retry where another try can succeed. */
export function RunNotice({ problem, stopped, onRetry, view, noticeRef }: Props) {
  if (!problem && !stopped) return null;
  // Only ever rendered in the browser, after a run: the reset time is in the visitor's time zone.
  const message = problem ? problemMessage(problem, view.copy, view.locale) : view.copy.stopped;
  return (
    <div
      ref={noticeRef}
      tabIndex={-1}
      className={problem ? `notice notice--warning ${styles.notice}` : `notice ${styles.notice}`}
      role={problem ? "alert" : "status"}
      data-testid="agent-notice"
      data-problem={problem?.kind}
    >
      <p>{message}</p>
      {/* Units are taken when a run starts, before the model's first word: stopping gives none back. */}
      {stopped && !problem ? (
        <p data-testid="agent-stopped-cost">{fill(view.copy.stoppedCost, { units: AGENT_RUN_UNITS })}</p>
      ) : null}
      {problem && RETRYABLE.has(problem.kind) ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {view.copy.errors.retry}
        </button>
      ) : null}
    </div>
  );
}
