import { memo, useEffect, useLayoutEffect } from "react";
import type { Locale } from "@/lib/i18n/config";
import { warmFormats } from "@/lib/i18n/format";
import { type AgentRun, useAgentRun } from "./use-agent-run";

type Props = { locale: Locale; onChange: (agent: AgentRun) => void };

/**
 * `useChat` and the AI SDK (most of the console's JavaScript) behind a component that renders
 * nothing, so the console can load it when the visitor reaches for the goal box instead of with
 * the page. It hands each new state up (at most every `STREAM_RENDER_MS` while text streams)
 * before the browser paints; `memo` keeps the parent's re-render from re-rendering it in turn.
 * While the page is idle it builds the number formats the steps will use.
 */
export const AgentEngine = memo(function AgentEngine({ locale, onChange }: Props) {
  const agent = useAgentRun(locale);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0));
    idle(() => warmFormats(locale));
  }, [locale]);
  useLayoutEffect(() => onChange(agent));
  return null;
});
