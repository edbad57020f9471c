import type { AgentCopy } from "@/components/agent/copy";
import type { Dictionary } from "@/lib/i18n/dictionary";

/** The strings the chat needs, passed from the server page (the dictionaries stay off the client). */
export type ChatCopy = Dictionary["assistant"];

export type SharedLabCopy = Pick<AgentCopy, "errors" | "warning"> & { meter: Pick<AgentCopy["meter"], "unitsLeft"> };

/**
 * The agent console's strings the Lab's other consoles share (the amount warning, how a refused
 * request reads), with the errors worded for any Lab use rather than for an agent run.
 */
export function sharedLabCopy(dict: Dictionary): SharedLabCopy {
  const { errors, warning, meter } = dict.agent.console;
  // Only these: the page sends them to the browser, and the rest of the agent's copy is ~5 KB.
  return { errors: { ...errors, ...dict.labErrors }, warning, meter: { unitsLeft: meter.unitsLeft } };
}
