"use client";

import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { recordDays } from "@/components/lab/record-days";
import { useEngineOnIntent } from "@/components/lab/use-engine-on-intent";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import styles from "./agent-console.module.css";
import { BudgetMeter } from "./budget-meter";
import type { AgentCopy, ServiceNames, ViewContext } from "./copy";
import { GoalForm } from "./goal-form";
import { readRun } from "./read-run";
import { type AnswerRenderer, loadAnswerMarkdown, RunAnswer } from "./run-answer";
import { RunNotice } from "./run-notice";
import { announcement, RunTimeline } from "./run-timeline";
import type { AgentRun } from "./use-agent-run";
import { type Reopened, reflectRunId, useReopenedRun } from "./use-reopened-run";

// The AI SDK is most of this page's JavaScript: it loads when the visitor reaches for the console
// (pointer, focus or touch), not with the page, and Run waits for it if it isn't there yet.
// The server never renders it (nothing is wanted before the visitor moves), and behind `typeof
// window` its import is left out of the server build, AI SDK and all.
const AgentEngine = lazy(() =>
  typeof window === "undefined"
    ? Promise.reject(new Error("the agent's engine runs in the browser"))
    : import("./agent-engine").then((module) => ({ default: module.AgentEngine })),
);

const IDLE: Omit<AgentRun, "run" | "stop"> = {
  running: false,
  started: false,
  view: readRun(undefined),
  budget: null,
  info: null,
  stopped: false,
  problem: null,
  runId: null,
};

/** A run reopened from its record, as the console shows a finished one: nothing runs, nothing is spent. */
function reopenedRun(run: Extract<Reopened, { state: "kept" }>["run"]): Omit<AgentRun, "run" | "stop"> {
  const view = readRun(run.message);
  return {
    ...IDLE,
    started: true,
    view,
    info: { remaining: null, model: view.done?.model ?? null },
    stopped: run.stopped,
    runId: run.id,
  };
}

// If the renderer's chunk can't load (a deploy replaced it), the answer still shows, as plain text.
function PlainAnswer({ source }: { source: string }) {
  return <p>{source}</p>;
}

type Props = {
  locale: Locale;
  copy: AgentCopy;
  names: ServiceNames;
  records: Pick<Dictionary["records"], "reopened" | "loading" | "gone" | "trimmed">;
  children?: ReactNode;
};

/**
 * The Lab agent's console: the goal, Run/Stop, the budget meter, the run's steps as they stream,
 * and the answer. The goal is never cleared: not by a run, a stop or an error. `children` (the
 * server-rendered "how it works") sits beside it on a laptop, below it on a phone.
 */
export function AgentConsole({ locale, copy, names, records, children }: Props) {
  const [goal, setGoal] = useState("");
  // The engine loads when the visitor reaches for the console (or runs first), not with the page.
  const intent = useEngineOnIntent<HTMLDivElement>();
  const [engine, setEngine] = useState<AgentRun | null>(null);
  // A goal that waits for the engine to load, when Run came first.
  const [queued, setQueued] = useState<string | null>(null);
  const [Markdown, setMarkdown] = useState<AnswerRenderer | null>(null);
  // A finished run at this address (`?run=`) shows from its record until the visitor runs again.
  const { reopened, forget } = useReopenedRun();
  const agent = engine?.started || reopened.state !== "kept" ? (engine ?? IDLE) : reopenedRun(reopened.run);
  const running = queued !== null || agent.running;
  const run = agent.view;
  // One object while nothing in it changes, so the steps that did not change skip their render.
  const view: ViewContext = useMemo(() => ({ copy, locale, names, active: running }), [copy, locale, names, running]);

  const runRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const stoppedByVisitor = useRef(false);

  function start() {
    stoppedByVisitor.current = false;
    forget();
    if (engine) engine.run(goal.trim());
    else {
      intent.want();
      setQueued(goal.trim());
    }
  }

  function stop() {
    stoppedByVisitor.current = true;
    if (queued !== null) setQueued(null);
    else engine?.stop();
  }

  // The reopened run's goal, as kept (emails and phone numbers taken out), back in the box.
  const reopenedGoal = reopened.state === "kept" ? reopened.run.input.goal : null;
  useEffect(() => {
    if (reopenedGoal !== null) setGoal((typed) => typed || reopenedGoal);
  }, [reopenedGoal]);

  // The answer's renderer loads once there is an answer to come: a run asked for, or one reopened
  // (a reopened run counts as started).
  const answerWanted = queued !== null || agent.started;
  useEffect(() => {
    if (!answerWanted || Markdown) return;
    void loadAnswerMarkdown().then(
      (renderer) => setMarkdown(() => renderer),
      () => setMarkdown(() => PlainAnswer),
    );
  }, [answerWanted, Markdown]);

  // A run's address: once its id arrives, the URL says `?run=<id>` (not when nothing is kept).
  // The days kept are asked then, not held as state: an answer at load would re-render the console.
  const liveRunId = engine?.started ? engine.runId : null;
  useEffect(() => {
    if (!liveRunId) return;
    let live = true;
    void recordDays().then((days) => {
      if (live && days !== 0) reflectRunId(liveRunId);
    });
    return () => {
      live = false;
    };
  }, [liveRunId]);

  useEffect(() => {
    if (!engine || queued === null) return;
    engine.run(queued);
    setQueued(null);
  }, [engine, queued]);

  // Run moves focus to Stop (Run is disabled while a run goes). When the run ends, focus goes where
  // the visitor's next move is: Run after a stop, else the answer or the error. It never leaves a
  // control the visitor chose in the meantime.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running === wasRunning.current) return;
    wasRunning.current = running;
    const active = document.activeElement;
    const managed = !active || active === document.body || active === runRef.current || active === stopRef.current;
    if (!managed) return;
    if (running) stopRef.current?.focus();
    else if (stoppedByVisitor.current) runRef.current?.focus();
    else (noticeRef.current ?? answerRef.current ?? runRef.current)?.focus();
  }, [running]);

  return (
    <div className={styles.layout}>
      <div className={styles.console} ref={intent.ref}>
        {intent.wanted ? (
          <Suspense fallback={null}>
            <AgentEngine locale={locale} onChange={setEngine} />
          </Suspense>
        ) : null}
        <GoalForm
          goal={goal}
          onGoal={setGoal}
          running={running}
          onRun={start}
          onStop={stop}
          copy={copy}
          runRef={runRef}
          stopRef={stopRef}
        />
        <BudgetMeter
          budget={agent.budget}
          done={run.done}
          seen={run.seen}
          model={agent.info?.model ?? null}
          unitsLeft={agent.info?.remaining ?? null}
          stopped={agent.stopped}
          view={view}
        />
        {reopened.state !== "none" && !engine?.started ? (
          <p className="notice" role="status" data-testid="agent-reopened" data-state={reopened.state}>
            {reopened.state === "kept"
              ? `${records.reopened}${reopened.run.trimmed ? ` ${records.trimmed}` : ""}`
              : reopened.state === "loading"
                ? records.loading
                : records.gone}
          </p>
        ) : null}
        <RunTimeline steps={run.steps} started={agent.started} view={view} />
        <RunAnswer run={run} view={view} Markdown={Markdown} headingRef={answerRef} />
        <RunNotice problem={agent.problem} stopped={agent.stopped} onRetry={start} view={view} noticeRef={noticeRef} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {agent.stopped ? copy.announce.stopped : announcement(run.steps, Boolean(run.answer) && !running, view)}
        </p>
      </div>
      {children}
    </div>
  );
}
