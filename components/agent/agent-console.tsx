"use client";

import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { Locale } from "@/lib/i18n/config";
import styles from "./agent-console.module.css";
import { BudgetMeter } from "./budget-meter";
import type { AgentCopy, ServiceNames, ViewContext } from "./copy";
import { GoalForm } from "./goal-form";
import { readRun } from "./read-run";
import { type AnswerRenderer, loadAnswerMarkdown, RunAnswer } from "./run-answer";
import { RunNotice } from "./run-notice";
import { announcement, RunTimeline } from "./run-timeline";
import type { AgentRun } from "./use-agent-run";

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
};

// If the renderer's chunk can't load (a deploy replaced it), the answer still shows, as plain text.
function PlainAnswer({ source }: { source: string }) {
  return <p>{source}</p>;
}

type Props = { locale: Locale; copy: AgentCopy; names: ServiceNames; children?: ReactNode };

/**
 * The Lab agent's console: the goal, Run/Stop, the budget meter, the run's steps as they stream,
 * and the answer. The goal is never cleared: not by a run, a stop or an error. `children` (the
 * server-rendered "how it works") sits beside it on a laptop, below it on a phone.
 */
export function AgentConsole({ locale, copy, names, children }: Props) {
  const [goal, setGoal] = useState("");
  const [engineWanted, setEngineWanted] = useState(false);
  const [engine, setEngine] = useState<AgentRun | null>(null);
  // A goal that waits for the engine to load, when Run came first.
  const [queued, setQueued] = useState<string | null>(null);
  const [Markdown, setMarkdown] = useState<AnswerRenderer | null>(null);
  const agent = engine ?? IDLE;
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
    if (!Markdown) {
      void loadAnswerMarkdown().then(
        (renderer) => setMarkdown(() => renderer),
        () => setMarkdown(() => PlainAnswer),
      );
    }
    if (engine) engine.run(goal.trim());
    else {
      setEngineWanted(true);
      setQueued(goal.trim());
    }
  }

  function stop() {
    stoppedByVisitor.current = true;
    if (queued !== null) setQueued(null);
    else engine?.stop();
  }

  // Loading hints, not interactions: the first pointer, focus or touch in the console fetches the engine.
  const consoleRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = consoleRef.current;
    if (!node || engineWanted) return;
    const want = () => setEngineWanted(true);
    const events = ["pointerenter", "focusin", "touchstart"] as const;
    for (const event of events) node.addEventListener(event, want, { passive: true });
    return () => {
      for (const event of events) node.removeEventListener(event, want);
    };
  }, [engineWanted]);

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
      <div className={styles.console} ref={consoleRef}>
        {engineWanted ? (
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
