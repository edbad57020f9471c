import type { AgentToolName } from "@/lib/agent/tools";
import type { AgentUIMessage, DoneData } from "@/lib/agent/types";
import type { Range } from "@/lib/content/types";
import { parseRefusal } from "./tool-views/refusal";

export type AgentPart = AgentUIMessage["parts"][number];
export type AgentToolPart = Extract<AgentPart, { type: `tool-${AgentToolName}` }>;
/** A call to a tool the agent doesn't have reaches the page as a dynamic tool part. */
export type UnknownToolPart = Extract<AgentPart, { type: "dynamic-tool" }>;

export type TimelineStep =
  | { kind: "plan" | "note"; key: string; text: string }
  | { kind: "tool"; key: string; part: AgentToolPart | UnknownToolPart };

export type NextStep = { kind: "quote" | "contact" | "whatsapp"; path: string };
export type Estimate = { serviceId: string; extraIds: string[]; price: Range; weeks: Range };

/** One run as the page shows it: the timeline, then the answer and what goes with it. */
export type RunView = {
  steps: TimelineStep[];
  answer: string;
  done: DoneData | null;
  nextStep: NextStep | null;
  estimate: Estimate | null;
  /** Model calls and tool calls the page has seen start: what a stopped run counts (no `data-done`). */
  seen: { modelCalls: number; toolCalls: number };
};

function isToolPart(part: AgentPart): part is AgentToolPart | UnknownToolPart {
  return part.type === "dynamic-tool" || part.type.startsWith("tool-");
}

function isLastCallRefusal(part: AgentToolPart | UnknownToolPart): boolean {
  return part.state === "output-error" && parseRefusal(part.errorText).error === "last_call";
}

/**
 * Reads the assistant message into the run's steps. The text of the first model call is the plan;
 * text a later call wrote before another tool call is a note; the text after the last tool call is
 * the answer. While the first call still streams, its text shows as the plan; only a run that
 * finished (its `data-done` arrived) with no tool call at all has its first text as the answer.
 */
export function readRun(message: AgentUIMessage | undefined): RunView {
  const view: RunView = {
    steps: [],
    answer: "",
    done: null,
    nextStep: null,
    estimate: null,
    seen: { modelCalls: 0, toolCalls: 0 },
  };
  if (!message) return view;
  const parts = message.parts;
  // A call the last model call made anyway (refused as `last_call`) comes after its answer.
  const lastTool = parts.findLastIndex((part) => isToolPart(part) && !isLastCallRefusal(part));
  const finished = parts.some((part) => part.type === "data-done");
  const answer: string[] = [];
  let call = -1;

  parts.forEach((part, index) => {
    if (part.type === "step-start") {
      call += 1;
      view.seen.modelCalls += 1;
    } else if (part.type === "text") {
      const text = part.text.trim();
      if (!text) return;
      if (index > lastTool && (call > 0 || (finished && lastTool < 0))) answer.push(text);
      else view.steps.push({ kind: call <= 0 ? "plan" : "note", key: `text-${index}`, text });
    } else if (isToolPart(part)) {
      view.seen.toolCalls += 1;
      view.steps.push({ kind: "tool", key: part.toolCallId, part });
      if (part.type === "tool-suggest_next_step" && part.state === "output-available" && part.output.ok) {
        view.nextStep = { kind: part.output.kind, path: part.output.path };
      }
      if (part.type === "tool-estimate_quote" && part.state === "output-available" && part.output.ok) {
        const { serviceId, extraIds, price, weeks } = part.output;
        view.estimate = { serviceId, extraIds, price, weeks };
      }
    } else if (part.type === "data-next-step") {
      // The run's own contact step, sent only when no tool suggested one.
      view.nextStep ??= { kind: part.data.kind, path: part.data.path };
    } else if (part.type === "data-done") view.done = part.data;
  });
  view.answer = answer.join("\n\n");
  return view;
}
