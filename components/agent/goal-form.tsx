import { type KeyboardEvent, type Ref, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/lab/use-hydrated";
import { useKeptBeforeHydration } from "@/components/lab/use-kept-before-hydration";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { fill } from "@/lib/i18n/fill";
import type { AgentCopy } from "./copy";
import styles from "./goal-form.module.css";

type Props = {
  goal: string;
  onGoal: (goal: string) => void;
  running: boolean;
  onRun: () => void;
  onStop: () => void;
  copy: AgentCopy;
  runRef: Ref<HTMLButtonElement>;
  stopRef: Ref<HTMLButtonElement>;
};

/** The goal (500 characters at most, with a counter), three example goals, Run and Stop. */
export function GoalForm({ goal, onGoal, running, onRun, onStop, copy, runRef, stopRef }: Props) {
  const id = useId();
  const goalRef = useRef<HTMLTextAreaElement>(null);
  const [empty, setEmpty] = useState(false);
  // Run waits for the page's JavaScript: before it, the form would only reload the page.
  const hydrated = useHydrated();
  useKeptBeforeHydration(goalRef, onGoal);

  function submit() {
    if (running) return;
    if (!goal.trim()) {
      setEmpty(true);
      goalRef.current?.focus();
      return;
    }
    onRun();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter writes a new line; Ctrl/⌘ + Enter runs, as in most chat boxes.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      className={styles.goal}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-goal`}>{copy.goal}</label>
      <p id={`${id}-hint`} className="field__hint">
        {copy.goalHint}
      </p>
      <textarea
        ref={goalRef}
        id={`${id}-goal`}
        name="goal"
        rows={3}
        maxLength={GOAL_MAX_LENGTH}
        value={goal}
        onChange={(event) => {
          onGoal(event.target.value);
          setEmpty(false);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint ${id}-count${empty ? ` ${id}-error` : ""}`}
        aria-invalid={empty || undefined}
      />
      <div className={styles.meta}>
        {empty ? (
          <p id={`${id}-error`} className="field__error">
            {copy.goalEmpty}
          </p>
        ) : null}
        <p id={`${id}-count`} className={styles.count} data-testid="agent-goal-count">
          {fill(copy.counter, { count: goal.length, max: GOAL_MAX_LENGTH })}
        </p>
      </div>
      <fieldset className={styles.examples}>
        <legend>{copy.examples}</legend>
        {copy.exampleGoals.map((example) => (
          <button
            key={example}
            type="button"
            className={styles.example}
            onClick={() => {
              onGoal(example);
              setEmpty(false);
            }}
          >
            {example}
          </button>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <button ref={runRef} type="submit" className="button" disabled={running || !hydrated} data-testid="agent-run">
          {copy.run}
        </button>
        <button
          ref={stopRef}
          type="button"
          className="button button--ghost"
          disabled={!running}
          onClick={onStop}
          data-testid="agent-stop"
        >
          {copy.stop}
        </button>
      </div>
    </form>
  );
}
