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
          <li key={step.key} className={styles.step} data-testid="agent-step" data-kind={step.kind}>
            {step.kind === "tool" ? (
              <ToolStep part={step.part} view={view} />
            ) : (
              <div className={styles.text}>
                <h3 className={styles.label}>{step.kind === "plan" ? copy.plan : copy.note}</h3>
                <p>{step.text}</p>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

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
