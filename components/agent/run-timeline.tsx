import { memo } from "react";
import type { ViewContext } from "./copy";
import type { TimelineStep } from "./read-run";
import styles from "./run-timeline.module.css";
import { ToolStep } from "./tool-views";

type Props = { steps: TimelineStep[]; started: boolean; view: ViewContext };

/** The run's steps in the order they happened; new ones append at the bottom. */
export function RunTimeline({ steps, started, view }: Props) {
  const { copy } = view;
  return (
    <section className="agent-run" aria-labelledby="agent-steps-title">
      <h2 id="agent-steps-title">{copy.timeline}</h2>
      {steps.length === 0 ? (
        <p className={`muted ${styles.empty}`}>{started && view.active ? copy.running : copy.idle}</p>
      ) : null}
      <ol className={styles.steps} aria-busy={view.active}>
        {steps.map((step) => (
          <TimelineItem key={step.key} step={step} view={view} />
        ))}
      </ol>
    </section>
  );
}

type ItemProps = { step: TimelineStep; view: ViewContext };

/**
 * Whether a step shows the same as before. The SDK copies every part of the streaming message on
 * each token, so a step is compared by what it holds: its text, or its tool part's fields (input,
 * output and error keep their identity once the call has them).
 */
export function sameStep(a: TimelineStep, b: TimelineStep): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || a.key !== b.key) return false;
  if (a.kind !== "tool" || b.kind !== "tool") return a.kind !== "tool" && b.kind !== "tool" && a.text === b.text;
  const keys = new Set([...Object.keys(a.part), ...Object.keys(b.part)]);
  return [...keys].every((key) => a.part[key as keyof typeof a.part] === b.part[key as keyof typeof b.part]);
}

const sameView = (a: ViewContext, b: ViewContext) =>
  a.copy === b.copy && a.locale === b.locale && a.names === b.names && a.active === b.active;

/** One step; while a run streams, only the step that changed renders again. */
const TimelineItem = memo(
  function TimelineItem({ step, view }: ItemProps) {
    return (
      <li className={styles.step} data-testid="agent-step" data-kind={step.kind}>
        {step.kind === "tool" ? (
          <ToolStep part={step.part} view={view} />
        ) : (
          <div className={styles.text}>
            <h3 className={styles.label}>{step.kind === "plan" ? view.copy.plan : view.copy.note}</h3>
            <p>{step.text}</p>
          </div>
        )}
      </li>
    );
  },
  (before, after) => sameStep(before.step, after.step) && sameView(before.view, after.view),
);

/** A short polite line for screen readers when a step starts or ends (not on every streamed word). */
export function announcement(steps: TimelineStep[], answerReady: boolean, view: ViewContext): string {
  const { copy } = view;
  if (answerReady) return copy.announce.answer;
  const last = steps.at(-1);
  if (!last) return view.active ? copy.announce.started : "";
  if (last.kind !== "tool") return `${steps.length}. ${last.kind === "plan" ? copy.plan : copy.note}`;
  const { part } = last;
  if (part.type === "dynamic-tool") return `${steps.length}. ${copy.refusals.unknown_tool}`;
  const labels = copy.tools[part.type.slice("tool-".length) as keyof typeof copy.tools];
  const title =
    part.state === "output-error"
      ? `${labels.name}: ${copy.states.refused}`
      : part.state === "output-available"
        ? labels.done
        : labels.active;
  return `${steps.length}. ${title}`;
}
