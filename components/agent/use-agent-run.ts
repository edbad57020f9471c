import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useState } from "react";
import { LabRequestError, problemFromError, problemOf, type RunProblem } from "@/components/lab/run-problems";
import { STREAM_RENDER_MS } from "@/components/lab/stream-render";
import type { LabResponseInfo } from "@/components/lab/use-lab-transport";
import type { AgentUIMessage, BudgetData } from "@/lib/agent/types";
import type { Locale } from "@/lib/i18n/config";
import { fetchThroughStop } from "./fetch-through-stop";
import { readRun } from "./read-run";
import { runIdOf } from "./use-reopened-run";

function goalOf(messages: AgentUIMessage[]): string {
  const last = messages.findLast((message) => message.role === "user");
  return (last?.parts ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");
}

/**
 * One agent run at a time over `useChat`: every Run starts a fresh conversation and sends the route
 * exactly its contract, `{ goal, locale }`. The meter moves from the transient `data-budget` parts,
 * which never enter the message.
 */
export function useAgentRun(locale: Locale) {
  const [budget, setBudget] = useState<BudgetData | null>(null);
  const [info, setInfo] = useState<LabResponseInfo | null>(null);
  const [stopped, setStopped] = useState(false);
  // From Run until the chat's request settles; covers the moment before the chat reports "submitted".
  const [busy, setBusy] = useState(false);
  const [transport] = useState(
    () =>
      new DefaultChatTransport<AgentUIMessage>({
        api: "/api/agent",
        prepareSendMessagesRequest: ({ messages }) => ({ body: { goal: goalOf(messages), locale } }),
        // A refused request becomes a typed error (429 with its reset time, 503, 400) instead of the
        // SDK's generic one; a granted one tells the page its quota and model before the first step.
        // A Stop right after Run still gets the headers: the run was charged, and the page says what is left.
        fetch: async (input, init) => {
          const response = await fetchThroughStop(input, init);
          if (response.ok) {
            const remaining = Number.parseInt(response.headers.get("X-Quota-Remaining") ?? "", 10);
            setInfo({
              remaining: Number.isFinite(remaining) ? remaining : null,
              model: response.headers.get("X-Agent-Model"),
            });
          }
          if (init?.signal?.aborted) throw new DOMException("The run was stopped.", "AbortError");
          if (!response.ok) throw new LabRequestError(await problemOf(response));
          return response;
        },
      }),
  );
  const chat = useChat<AgentUIMessage>({
    transport,
    throttle: STREAM_RENDER_MS,
    onData: (part) => {
      if (part.type === "data-budget") setBudget(part.data);
    },
  });

  const running = busy || chat.status === "submitted" || chat.status === "streaming";
  const message = chat.messages.findLast((m) => m.role === "assistant");
  const view = readRun(message);
  const started = chat.messages.length > 0;
  // A stream that ended without its `data-done` was cut off on the way.
  const problem: RunProblem | null = chat.error
    ? problemFromError(chat.error)
    : started && !running && !stopped && !view.done
      ? { kind: "network" }
      : null;

  function run(goal: string) {
    setBudget(null);
    setInfo(null);
    setStopped(false);
    setBusy(true);
    chat.setMessages([]);
    void chat.sendMessage({ text: goal }).finally(() => setBusy(false));
  }

  function stop() {
    setStopped(true);
    void chat.stop();
  }

  // The run's record id (`data-run`), once the stream has sent it: the page puts it in its address.
  const runId = runIdOf(message);
  return { running, started, view, budget, info, stopped, problem, runId, run, stop };
}

export type AgentRun = ReturnType<typeof useAgentRun>;
