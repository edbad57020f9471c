import type { ViewContext } from "../copy";
import styles from "./tool-views.module.css";

export type Failure = { error: string; detail: string };

/** A tool result that says the call failed (`{ ok: false, error, detail }`), e.g. past the tool limit. */
export function failureOf(output: unknown): Failure | null {
  if (!output || typeof output !== "object" || (output as { ok?: unknown }).ok !== false) return null;
  const { error, detail } = output as { error?: unknown; detail?: unknown };
  return { error: typeof error === "string" ? error : "failed", detail: typeof detail === "string" ? detail : "" };
}

/** A refused call's `errorText`: the route's short JSON refusal, or any other text as the detail. */
export function parseRefusal(errorText: string): Failure {
  try {
    return failureOf(JSON.parse(errorText)) ?? { error: "failed", detail: errorText };
  } catch {
    return { error: "failed", detail: errorText };
  }
}

/** What a refusal means for the run, in plain words, with the agent's detail on demand. */
export function Refusal({ failure, view }: { failure: Failure; view: ViewContext }) {
  const { refusals } = view.copy;
  const message = refusals[failure.error as keyof typeof refusals] ?? refusals.failed;
  return (
    <div className={styles.refusal} data-testid="agent-refusal" data-error={failure.error}>
      <p>{message}</p>
      {failure.detail ? (
        <details>
          <summary>{view.copy.detail}</summary>
          <p>
            <code>{failure.detail}</code>
          </p>
        </details>
      ) : null}
    </div>
  );
}
