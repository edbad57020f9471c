import type { ReactNode } from "react";
import type { AgentToolName } from "@/lib/agent/tools";
import { languageName } from "@/lib/i18n/format";
import type { ViewContext } from "../copy";
import type { AgentToolPart } from "../read-run";
import styles from "./tool-views.module.css";

export type CardStatus = "streaming" | "running" | "done" | "refused" | "stopped";

/** The status of a call whose input is still arriving or whose result hasn't come back yet. */
export function pendingStatus(state: "input-streaming" | "input-available", active: boolean): CardStatus {
  if (!active) return "stopped";
  return state === "input-streaming" ? "streaming" : "running";
}

type Props = {
  /** The tool's name as the model called it. */
  tool: string;
  title: string;
  status: CardStatus;
  input: unknown;
  view: ViewContext;
  children?: ReactNode;
};

/** The frame of one tool call in the timeline: what it is doing, its arguments, then its result. */
export function ToolCard({ tool, title, status, input, view, children }: Props) {
  return (
    <article
      className={`${styles.tool} ${styles[status]}`}
      data-testid="agent-tool"
      data-tool={tool}
      data-state={status}
    >
      <header className={styles.head}>
        <h3 className={styles.title}>{title}</h3>
        <span className={styles.status}>{view.copy.states[status]}</span>
      </header>
      <ToolArguments input={input} view={view} />
      {children}
    </article>
  );
}

function show(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ");
  return JSON.stringify(value) ?? "";
}

type ArgumentName = keyof ViewContext["copy"]["argumentNames"];

function isKnown(key: string, names: ViewContext["copy"]["argumentNames"]): key is ArgumentName {
  return Object.hasOwn(names, key);
}

/** An argument's value as the visitor reads it: a service's name, not its id; a language, not its code. */
function readable(key: ArgumentName, value: unknown, input: Record<string, unknown>, view: ViewContext): string {
  const { copy, locale, names } = view;
  const service = typeof input.serviceId === "string" ? names[input.serviceId] : undefined;
  if (key === "serviceId" && typeof value === "string") return names[value]?.name ?? value;
  if (key === "extraIds" && Array.isArray(value)) {
    return value.map((id) => (typeof id === "string" ? (service?.extras[id] ?? id) : show(id))).join(", ");
  }
  if (key === "kind" && typeof value === "string" && Object.hasOwn(copy.stepKinds, value)) {
    return copy.stepKinds[value as keyof typeof copy.stepKinds];
  }
  if (key === "locale" && typeof value === "string") return languageName(value, locale);
  return show(value);
}

/**
 * The call's arguments, in words for the ones the tools define (a search, a service by its name);
 * whatever else the model sent stays as it sent it: a refused call may carry arguments that match
 * no schema, or text that isn't JSON at all.
 */
function ToolArguments({ input, view }: { input: unknown; view: ViewContext }) {
  const object =
    input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  const entries = object
    ? Object.entries(object).filter(([, value]) => value !== undefined && !(Array.isArray(value) && !value.length))
    : null;
  const names = view.copy.argumentNames;
  return (
    <div className={styles.args}>
      <span className={styles.argsLabel}>{view.copy.arguments}:</span>{" "}
      {object && entries ? (
        entries.length ? (
          entries.map(([key, value], index) => (
            <span key={key} className="agent-args__item">
              {index > 0 ? " · " : null}
              {isKnown(key, names) ? (
                <>
                  <span className={styles.argName}>{names[key]}</span> {readable(key, value, object, view)}
                </>
              ) : (
                <>
                  <code>{key}</code> {show(value)}
                </>
              )}
            </span>
          ))
        ) : (
          <span className="muted">{view.copy.noArguments}</span>
        )
      ) : input === undefined || input === "" ? (
        <span className="muted">{view.copy.noArguments}</span>
      ) : (
        <code>{show(input)}</code>
      )}
    </div>
  );
}

export type ToolViewProps<N extends AgentToolName> = {
  part: Extract<AgentToolPart, { type: `tool-${N}` }>;
  view: ViewContext;
};
