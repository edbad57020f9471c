import { memo, useLayoutEffect } from "react";
import type { Locale } from "@/lib/i18n/config";
import { type AgentRun, useAgentRun } from "./use-agent-run";

type Props = { locale: Locale; onChange: (agent: AgentRun) => void };

/**
 * `useChat` and the AI SDK (most of the console's JavaScript) behind a component that renders
 * nothing, so the console can load it when the visitor reaches for the goal box instead of with
 * the page. It hands every new state up before the browser paints; `memo` keeps the parent's
 * re-render from re-rendering it in turn.
 */
export const AgentEngine = memo(function AgentEngine({ locale, onChange }: Props) {
  const agent = useAgentRun(locale);
  useLayoutEffect(() => onChange(agent));
  return null;
});
