"use client";

import { useEffect, useState } from "react";
import type { AgentUIMessage } from "@/lib/agent/types";
import { isRunId } from "@/lib/lab/records/id";
import type { VisitorRun } from "@/lib/lab/records/types";

export type Reopened =
  | { state: "none" }
  | { state: "loading"; id: string }
  | { state: "kept"; run: VisitorRun & { kind: "agent"; input: { goal: string }; message: AgentUIMessage } }
  | { state: "gone"; id: string };

// A run cut off by a reload is written a moment after the page left it: ask again before saying
// it isn't kept.
const TRIES_MS = [0, 1000, 2500];

/**
 * The finished run at this page's address (`?run=<id>`), read from its record through
 * `GET /api/lab/run` (no units, no model). `forget()` when the visitor starts another run.
 */
export function useReopenedRun(): { reopened: Reopened; forget: () => void } {
  const [reopened, setReopened] = useState<Reopened>({ state: "none" });
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get("run");
    if (id === null) return;
    if (!isRunId(id)) {
      setReopened({ state: "gone", id });
      return;
    }
    setReopened({ state: "loading", id });
    const controller = new AbortController();
    const ask = async (attempt: number): Promise<void> => {
      await new Promise((resolve) => setTimeout(resolve, TRIES_MS[attempt]));
      const response = await fetch(`/api/lab/run?id=${id}`, { signal: controller.signal, cache: "no-store" });
      if (response.ok) {
        const { run } = (await response.json()) as { run: Extract<Reopened, { state: "kept" }>["run"] };
        setReopened({ state: "kept", run });
      } else if (response.status === 404 && attempt + 1 < TRIES_MS.length) {
        await ask(attempt + 1);
      } else {
        setReopened({ state: "gone", id });
      }
    };
    ask(0).catch(() => {
      if (!controller.signal.aborted) setReopened({ state: "gone", id });
    });
    return () => controller.abort();
  }, []);
  return { reopened, forget: () => setReopened({ state: "none" }) };
}

/** Puts the run's id in the address (`?run=<id>`), or takes it out, keeping the rest of the URL. */
export function reflectRunId(id: string | null): void {
  const url = new URL(window.location.href);
  if ((url.searchParams.get("run") ?? null) === id) return;
  if (id === null) url.searchParams.delete("run");
  else url.searchParams.set("run", id);
  window.history.replaceState(window.history.state, "", url);
}

/** The run id a streamed agent message carries (`data-run`), once it has arrived. */
export function runIdOf(message: AgentUIMessage | undefined): string | null {
  const part = message?.parts.find((p) => p.type === "data-run") as { data?: { id?: unknown } } | undefined;
  return isRunId(part?.data?.id) ? part.data.id : null;
}
